import { UsageError } from '../errors';
import type { IO } from '../io';
import { FORMATS, type Format } from './formats/names';
import { sayNote } from './say';
import type {
  Hint,
  ListView,
  OutcomeView,
  PagesView,
  PlanView,
  RecordView,
  ShownList,
  ShownRecord,
  Stream,
  StreamView,
  Writer,
} from './view';
export type {
  Hint,
  ListParts,
  ListView,
  OutcomeView,
  OutlineCell,
  OutlineItem,
  PageOf,
  PagesView,
  RecordParts,
  RecordView,
  Section,
  ShownRecord,
  Stream,
  StreamView,
  TimelineItem,
  Writer,
} from './view';

/*
 * The one place that decides how a result is written (gh's Exporter). A verb never asks which
 * format is wanted: it hands its result over as one of four shapes, with what each format
 * needs of it, and this module picks the format and the module that writes it:
 *
 *   showRecord   one resource: its fields (and sections: a timeline, a table of packages)
 *   showList     one page of a list: rows and their columns
 *   showPages    every page of a list (--all), read as it is written
 *   showOutcome  after a change: the ID a script reads, the body --json prints
 *   showStream   events as they happen (checks finishing, a state changing), then --json's document
 *
 * Every shape carries `json`, what --json (and --jq) print: the API's body as received. The
 * formats (FORMATS) are one module each, under output/formats/, loaded when used: a new format
 * is one new module, its name in formats/names.ts and one line in WRITERS (docs/ARCHITECTURE.md says how).
 */

/** The global flags that choose the output, as the command line gave them. */
export interface OutputFlags {
  json?: boolean;
  jq?: string;
  format?: string;
}

/** What a presenter needs of the command's context (core/context.ts's Ctx has it). */
export interface Out {
  io: IO;
  globals: OutputFlags;
}

/**
 * The output flags made one decision, before anything is sent: `--json` is `--format json`
 * (and `--format json` sets `json`, which errors, the spinner and --watch read); `--jq`
 * filters that JSON, so it implies it. A format that is none of FORMATS, or two formats at
 * once (`--json --format md`, `--jq ... --format tsv`), is exit 2 naming the flags.
 */
export function outputFlags<G extends OutputFlags>(globals: G): G {
  const given = globals.format;
  if (given === undefined) return globals.jq === undefined ? globals : { ...globals, json: true };
  const format = FORMATS.find((name) => name === given.trim().toLowerCase());
  if (!format) {
    throw new UsageError(
      `--format must be one of ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)} (got "${given}").`,
      'table is what a terminal shows, tsv what a pipe gets, json the API body as received, md Markdown.',
    );
  }
  const other = globals.jq !== undefined ? '--jq' : globals.json ? '--json' : undefined;
  if (other && format !== 'json') {
    throw new UsageError(
      `${other} prints JSON: it cannot be used with --format ${format}.`,
      `Leave out ${other === '--jq' ? '--jq (or use --format json with it)' : '--json'}, or --format.`,
    );
  }
  return { ...globals, format, json: format === 'json' ? true : globals.json };
}

/** The format in force: as given, else JSON with --json/--jq, else a table on a terminal and TSV in a pipe. */
export function formatOf(out: Out): Format {
  if (out.globals.json) return 'json';
  const given = out.globals.format as Format | undefined;
  return given ?? (out.io.stdoutIsTTY ? 'table' : 'tsv');
}

/** The format modules, each loaded the first time its format is used. */
const WRITERS: Record<Format, () => Promise<Writer>> = {
  table: async () => (await import('./formats/table')).table,
  tsv: async () => (await import('./formats/tsv')).tsv,
  json: async () => (await import('./formats/json')).json,
  md: async () => (await import('./formats/md')).md,
};

const writer = (out: Out) => WRITERS[formatOf(out)]();

/**
 * Whether the format shows rows (every one but JSON, which prints the body as received): a
 * list reads what only its rows need (the checks' statuses) when it does.
 */
export const showsRows = (out: Out): boolean => formatOf(out) !== 'json';

/** Whether a hint goes out: to a person at a terminal, not among JSON. */
function sayHint(out: Out, hint: Hint | undefined): void {
  if (hint && out.io.stderrIsTTY && !out.globals.json) out.io.err(`${out.io.errStyle.dim(hint)}\n`);
}

/** The parts of a record: made now, for a format that shows them (a read only they need is not made for JSON). */
async function shown(out: Out, view: RecordView): Promise<ShownRecord> {
  if (!('parts' in view)) return view;
  return showsRows(out) ? { ...view, ...(await view.parts()) } : { ...view, title: '', fields: [] };
}

export async function showRecord(out: Out, view: RecordView): Promise<void> {
  await (await writer(out)).record(out.io, await shown(out, view));
  sayHint(out, view.hint);
}

/** A body only JSON prints, made now when it is a function and JSON is shown (it may cost a request). */
async function shownJson(out: Out, json: unknown): Promise<unknown> {
  if (typeof json !== 'function') return json;
  return showsRows(out) ? undefined : (json as () => unknown)();
}

/** The rows of a list and their columns, made now for a format that shows rows (JSON has none). */
async function shownList<R>(out: Out, view: ListView<R>): Promise<ShownList<R>> {
  const { rows, columns } = 'parts' in view ? (showsRows(out) ? await view.parts() : { rows: [], columns: [] }) : view;
  const made = typeof rows !== 'function' ? rows : showsRows(out) ? await rows() : [];
  return { ...view, rows: made, columns, json: await shownJson(out, view.json) };
}

export async function showList<R>(out: Out, view: ListView<R>): Promise<void> {
  await (await writer(out)).list(out.io, await shownList(out, view));
  sayHint(out, view.hint);
}

export async function showOutcome(out: Out, view: OutcomeView): Promise<void> {
  const record = view.record && (await shown(out, view.record));
  // A body only JSON prints may be read only then (an incident read again after an update).
  await (await writer(out)).outcome(out.io, { ...view, json: await shownJson(out, view.json), record });
  if (view.note !== undefined && !out.globals.json) out.io.err(out.io.errStyle.dim(`${view.note}\n`));
}

/**
 * Events as they happen, each written by the format in force (a person's line, a TSV row, a
 * row of a Markdown table; nothing with JSON), and `end` writes JSON's document. The view's
 * note is said first to a person at a terminal.
 */
export async function showStream<E>(out: Out, view: StreamView<E>): Promise<Stream<E>> {
  const stream = (await writer(out)).stream(out.io, view);
  if (view.note !== undefined && out.io.stderrIsTTY && !out.globals.json) sayNote(out.io, view.note);
  return stream;
}

/**
 * A write's plan or dry run: JSON with --json or --jq, and in a pipe without a --format (a
 * script reads it); else the format's (a terminal's prose, Markdown to show a person in chat,
 * TSV's key/value lines).
 */
export async function showPlan(out: Out, view: PlanView): Promise<void> {
  const chosen = out.globals.format !== undefined || out.io.stdoutIsTTY ? writer(out) : WRITERS.json();
  await (await chosen).plan(out.io, view);
}

/**
 * `--all`: JSON streams the entries as pages arrive (memory holds one page); the other formats
 * read every page, telling `progress`, and show one list.
 */
export async function showPages<T, R = T>(out: Out, view: PagesView<T, R>): Promise<void> {
  const format = await writer(out);
  if (format.pages) return format.pages(out.io, view);
  const entries: T[] = [];
  for await (const page of view.pages) {
    entries.push(...page.entries);
    view.progress?.page(page.entries.length);
  }
  view.progress?.finish();
  const rows = view.rows ? await view.rows(entries) : (entries as unknown as R[]);
  await format.list(out.io, { rows, columns: view.columns, empty: view.empty, json: undefined });
}

/**
 * A verb that prints one document (VerbSpec's `document`: 'json', or `{ text }` naming it): the
 * output flags that cannot apply to it are exit 2, before anything is done, naming the flag;
 * `--json` is left alone (agent mode sets it for every command).
 */
export function refuseFormats(out: Out, document: 'json' | { text: string }, command: string): void {
  const json = document === 'json';
  const format = out.globals.format;
  const refused =
    format !== undefined && (!json || format !== 'json')
      ? `--format ${format}`
      : !json && out.globals.jq !== undefined
        ? '--jq'
        : undefined;
  if (!refused) return;
  throw new UsageError(
    `${command} prints ${json ? 'one JSON document' : `${document.text}, not JSON`}: ${refused} does not apply to it.`,
    json ? 'Leave out --format; --jq picks parts of it.' : `Leave out ${refused.split(' ')[0]}.`,
  );
}
