import { UsageError } from '../errors';
import type { IO } from '../io';
import type { Cell, Column, Columns, Field } from './render';
import { FORMATS, type Format } from './formats/names';

/*
 * The one place that decides how a result is written (gh's Exporter). A verb never asks which
 * format is wanted: it hands its result over as one of four shapes, with what each format
 * needs of it, and this module picks the format and the module that writes it:
 *
 *   showRecord   one resource: its fields (and sections: a timeline, a table of packages)
 *   showList     one page of a list: rows and their columns
 *   showPages    every page of a list (--all), read as it is written
 *   showOutcome  after a change: the ID a script reads, the body --json prints
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

/** A person's next step, said on stderr at a terminal (not with JSON): "There may be more: ...". */
export type Hint = string;

/** A list: one page of it, or the whole of a list that has no pages. */
export interface ListView<R> {
  /** The rows, or how to make them: made only by a format that shows rows (a warning about them is not said with JSON). */
  rows: readonly R[] | (() => readonly R[] | Promise<readonly R[]>);
  columns: Columns<R>;
  /** --json: the body as received (`undefined`: a list with nothing to print as JSON). */
  json: unknown;
  /** Said when there are no rows: on stderr at a terminal (piped too with `emptyAlways`), as a line in a document. */
  empty: string;
  emptyAlways?: boolean;
  /** Said on stderr after the list, at a terminal: the next page, where the data is stored. */
  hint?: Hint;
  /** A terminal's table only: what follows it for a person there (a heartbeat's ratios and history). */
  after?: (io: IO) => Promise<void> | void;
  /** A format that draws the rows its own way (at a terminal, sandbox requests: each body on rows of its own under its request). */
  drawn?: Partial<Record<'table', (io: IO, rows: readonly R[]) => Promise<void> | void>>;
}

/** One page of `--all`: its entries parsed, and as received (what --json streams). */
export interface PageOf<T> {
  entries: readonly T[];
  json: readonly unknown[];
}

/** Every page of a list (--all). JSON is written entry by entry as pages arrive; the others show one list at the end. */
export interface PagesView<T, R = T> {
  pages: AsyncIterable<PageOf<T>>;
  /** Rows from every entry (default: one row each). */
  rows?: (entries: T[]) => readonly R[] | Promise<readonly R[]>;
  columns: Columns<R>;
  empty: string;
  /** Told of each page read and of the end (the spinner's "Fetched N pages (M entries)…"). */
  progress?: { page(entries: number): void; finish(): void };
}

/** A part of a record after its fields, written by every format in its own way. */
export type Section =
  /** Rows under a title: a table at a terminal, `KEY<TAB>cells` lines piped. */
  | {
      kind: 'rows';
      title: string;
      key: string;
      rows: readonly unknown[];
      columns: readonly Column<never>[];
      empty: string;
    }
  /** Entries newest first (an incident's updates): a timeline; `KEY<TAB>cells` lines piped. */
  | { kind: 'timeline'; title: string; key: string; entries: readonly TimelineItem[] }
  /** Text of several lines (an update's message); `KEY<TAB>text` piped. */
  | { kind: 'text'; key: string; text: string }
  /** Indented lines under a title, the same at a terminal and piped (a page's cards and their services). */
  | { kind: 'outline'; title: string; items: readonly OutlineItem[] };

export interface TimelineItem {
  /** "Identified", in the colour of `status`. */
  heading: string;
  status?: string;
  /** For a person at a terminal ("2026-11-25 12:03 UTC (5m ago)"), and for a document ("2026-11-25 12:03 UTC"). */
  when: string;
  at: string;
  body: string;
  /** Dim, under the body: what only the account sees. */
  note: string;
  /** Piped: the row after KEY. */
  cells: readonly Cell[];
}

/** One line of an outline: its cells (two spaces apart), and the lines under it. */
export interface OutlineItem {
  cells: readonly OutlineCell[];
  children?: readonly OutlineItem[];
}
export interface OutlineCell {
  value: string;
  /** At a terminal and piped (a short ID); a document has `value`. */
  display?: string;
  color?: (text: string, io: IO) => string;
}

/** One resource: its JSON, and how it reads in the other formats (or how to make that, only for them). */
export type RecordView = RecordBase & (RecordParts | { parts: () => Promise<RecordParts> });

interface RecordBase {
  json: unknown;
  /** Compact JSON, on one line (`mon sandbox`'s banner, read by a script as it starts). */
  compact?: boolean;
  hint?: Hint;
}

/** A record as the formats but JSON show it. */
export interface RecordParts {
  /** A document's heading: "Incident: Checkout down". */
  title: string;
  fields: readonly Field[];
  sections?: readonly Section[];
  /**
   * A format that draws this record its own way instead of fields and sections (`mon status`'s
   * screen, a ratio's bars); the others write the fields and sections.
   */
  drawn?: Partial<Record<'table' | 'tsv', (io: IO) => Promise<void> | void>>;
  /** Said on stderr instead of the record, in every format but JSON (there is no data for the period). */
  empty?: string;
  /** A terminal's table only: what follows it for a person there (a history strip). */
  after?: (io: IO) => Promise<void> | void;
}

/** After a change. */
export interface OutcomeView {
  /** --json: the body as received; undefined: JSON prints nothing (a delete). */
  json?: unknown;
  /** What a script reads otherwise (the ID of what was created or changed), on a line of its own. */
  id?: string;
  /** What a terminal's table (and a document) shows instead of the ID: the created check. */
  record?: RecordView;
}

/** What a format module writes: each shape in its way. `pages` is optional: without it, the list is read whole and shown once. */
export interface Writer {
  list<R>(io: IO, view: ListView<R> & { rows: readonly R[] }): Promise<void>;
  record(io: IO, view: ShownRecord): Promise<void>;
  outcome(io: IO, view: OutcomeView & { record?: ShownRecord }): Promise<void>;
  pages?<T, R>(io: IO, view: PagesView<T, R>): Promise<void>;
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

/** A record with its parts made, as a writer gets it (JSON's with none: it prints `json`). */
export type ShownRecord = RecordBase & Partial<RecordParts> & Pick<RecordParts, 'title' | 'fields'>;

/** The parts of a record: made now, for a format that shows them (a read only they need is not made for JSON). */
async function shown(out: Out, view: RecordView): Promise<ShownRecord> {
  if (!('parts' in view)) return view;
  return showsRows(out) ? { ...view, ...(await view.parts()) } : { ...view, title: '', fields: [] };
}

export async function showRecord(out: Out, view: RecordView): Promise<void> {
  await (await writer(out)).record(out.io, await shown(out, view));
  sayHint(out, view.hint);
}

export async function showList<R>(out: Out, view: ListView<R>): Promise<void> {
  const rows = typeof view.rows !== 'function' ? view.rows : showsRows(out) ? await view.rows() : [];
  await (await writer(out)).list(out.io, { ...view, rows });
  sayHint(out, view.hint);
}

export async function showOutcome(out: Out, view: OutcomeView): Promise<void> {
  const record = view.record && (await shown(out, view.record));
  await (await writer(out)).outcome(out.io, { ...view, record });
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
