import type { IO } from '../io';
import { PLAIN_BEYOND_ASCII, sanitize } from '../text/escape';
import { lazyRegExp } from '../text/lazy';
import { stringifyJson } from '../text/json';
import { displayWidth, fitPathLine, truncate } from '../text/width';
import { boundError, jqFilterOf, jqOutputs, type JqFilter } from './jq';

/** A value in a table or a record. */
export type Cell = string | number | boolean | null | undefined;

/**
 * A column of a list. `value` is what scripts get (TSV: ISO times, raw IDs); `display` is
 * what a person sees on a terminal (relative times, "—" for nothing). `color` styles the
 * displayed text on a colour terminal.
 */
export interface Column<T> {
  header: string;
  value: (row: T) => Cell;
  display?: (row: T) => Cell;
  color?: (text: string, row: T, io: IO) => string;
  /**
   * May be cut (with "…") when the table is wider than the terminal; 'last': only once the
   * others are as narrow as they go (what the user types next, such as a service's name).
   */
  shrink?: boolean | 'last';
  /** Where a cut goes: at the end (default), or in the middle for a path, whose end tells it apart. */
  cut?: 'end' | 'path';
  /** In a document (`--format md`): what does not age, for a reader later (an absolute time, a duration in words); default `value`. */
  text?: (row: T) => Cell;
}

/** On a terminal IDs show their first characters (an incident's takes any unique prefix of 6 or more back). */
export const SHORT_ID = 8;
export const shortId = (id: string) => id.slice(0, SHORT_ID);

/** A cell as text: nothing for null and undefined. */
export const cellText = (cell: Cell): string => (cell === null || cell === undefined ? '' : String(cell));
const text = cellText;

/** The columns, or a choice of them made from the rows and the width they are shown in (Infinity but on a terminal). */
export type Columns<R> = readonly Column<R>[] | ((rows: readonly R[], width: number) => readonly Column<R>[]);

/** The columns for rows shown `width` columns wide. */
export function columnsFor<R>(columns: Columns<R>, rows: readonly R[], width: number): readonly Column<R>[] {
  return typeof columns === 'function' ? columns(rows, width) : columns;
}

/** Piped output: tab-separated rows, no header, no colour, control characters escaped; written as it is, never fitted to a terminal. */
export function renderTsv<T>(io: IO, rows: readonly T[], columns: readonly Column<T>[]): void {
  for (let from = 0; from < rows.length; from += CHUNK) {
    let chunk = '';
    for (const row of rows.slice(from, from + CHUNK))
      chunk += `${columns.map((column) => sanitize(text(column.value(row)))).join('\t')}\n`;
    io.outRaw(chunk);
  }
}

const GAP = 2;

/**
 * Fit column widths into the terminal: shrinkable columns give up space, widest first,
 * down to a floor of 8 cells (or their header); columns marked 'last' only after the others.
 */
export function fitWidths(
  natural: number[],
  shrink: (boolean | 'last' | undefined)[],
  headers: string[],
  total: number,
): number[] {
  const widths = [...natural];
  const budget = total - GAP * (widths.length - 1);
  let excess = widths.reduce((sum, w) => sum + w, 0) - budget;
  for (const round of [true, 'last'] as const) {
    while (excess > 0) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) {
        const floor = Math.max(8, Math.min(displayWidth(headers[i] ?? ''), 12));
        if (shrink[i] === round && widths[i]! > floor && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
      }
      if (widest < 0) break;
      widths[widest]!--;
      excess--;
    }
  }
  return widths;
}

/**
 * Above this many rows a table is written by `tableLines` (time linear in rows), not by
 * cli-table3, whose time grows faster than its rows (~0.5 ms a row at 1,000). Both give the
 * same text (test/output/render.test.ts compares them).
 */
export const LARGE_TABLE = 200;
/** Rows written at a time by the large-table path. */
const CHUNK = 500;

/**
 * Terminal output: an aligned table fitted to the terminal width, header in bold. Column
 * widths come from every row, computed once; a table taller than the terminal goes through
 * the pager (`io.startPager()`). Its rows are written as they are (breaking one at its
 * spaces would only scatter its columns).
 */
export async function renderTable<T>(io: IO, rows: readonly T[], columns: readonly Column<T>[]): Promise<void> {
  const { headers, widths, shown } = fitTable(io, rows, columns, io.columns());
  const paged = rows.length + 1 > io.rows() && (await io.startPager());
  try {
    if (rows.length > LARGE_TABLE) {
      const lines = tableLines(io, headers, widths, shown, rows.length);
      for (let from = 0; from < rows.length + 1; from += CHUNK) {
        let chunk = '';
        for (let index = from; index < Math.min(from + CHUNK, rows.length + 1); index++) chunk += `${lines(index)}\n`;
        io.outRaw(chunk);
        await io.breathe();
      }
    } else {
      io.outRaw(await cliTable(io, headers, widths, shown, rows.length));
    }
  } finally {
    if (paged) await io.endPager();
  }
}

type ShownCell = { text: string; width: number };

/** The table as `renderTable` writes it (small tables), fitted to `width`, for a caller that places it (--watch). */
export async function tableText<T>(
  io: IO,
  rows: readonly T[],
  columns: readonly Column<T>[],
  width: number,
): Promise<string> {
  const { headers, widths, shown } = fitTable(io, rows, columns, width);
  return cliTable(io, headers, widths, shown, rows.length);
}

/** The headers, the column widths fitted to `width`, and each row's cells as shown (cut and coloured). */
function fitTable<T>(io: IO, rows: readonly T[], columns: readonly Column<T>[], width: number) {
  const headers = columns.map((column) => column.header);
  const cells = rows.map((row) => columns.map((column) => sanitize(text((column.display ?? column.value)(row)))));
  const natural = headers.map((header, i) => {
    let widest = displayWidth(header);
    for (const row of cells) widest = Math.max(widest, displayWidth(row[i]!));
    return widest;
  });
  const widths = fitWidths(
    natural,
    columns.map((column) => column.shrink),
    headers,
    width,
  );
  const shown = (r: number): ShownCell[] =>
    columns.map((column, i) => {
      const cell = (column.cut === 'path' ? fitPathLine : truncate)(cells[r]![i]!, widths[i]!);
      return { text: column.color ? column.color(cell, rows[r]!, io) : cell, width: displayWidth(cell) };
    });
  return { headers, widths, shown };
}

/** The table's lines one by one (0 is the header): each cell padded to its column's width, two spaces between. */
export function tableLines(
  io: IO,
  headers: readonly string[],
  widths: readonly number[],
  shown: (row: number) => ShownCell[],
  count: number,
): (index: number) => string {
  const gap = ' '.repeat(GAP);
  const line = (row: ShownCell[]) =>
    row
      .map(({ text, width }, i) => text + ' '.repeat(Math.max(0, widths[i]! - width)))
      .join(gap)
      .trimEnd();
  const head = line(
    headers.map((header, i) => {
      const cut = truncate(header, widths[i]!);
      return { text: io.style.bold(cut), width: displayWidth(cut) };
    }),
  );
  return (index) => {
    if (index < 0 || index > count) throw new RangeError(`no line ${index} in a table of ${count} rows`);
    return index === 0 ? head : line(shown(index - 1));
  };
}

/** A small table through cli-table3, as mon has always drawn it. */
export async function cliTable(
  io: IO,
  headers: readonly string[],
  widths: readonly number[],
  shown: (row: number) => ShownCell[],
  count: number,
): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: headers.map((header) => io.style.bold(header)),
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: ' '.repeat(GAP),
    },
    // cli-table3 colours headers red and borders grey unless told otherwise.
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths: [...widths],
    wordWrap: false,
  });
  for (let r = 0; r < count; r++) table.push(shown(r).map((cell) => cell.text));
  const rendered = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
  return `${rendered}\n`;
}

/** A field of one resource: `value` for scripts, `display` for people, `color` on top of that; `text` in a document (default `value`). */
export interface Field {
  label: string;
  key: string;
  value: Cell;
  display?: Cell;
  color?: (text: string, io: Pick<IO, 'style'>) => string;
  text?: Cell;
}

/**
 * JSON for a terminal as well as for scripts: JSON.stringify escapes C0 controls but not DEL,
 * C1 controls (U+009B starts an escape sequence on some terminals), format characters (the
 * bidirectional overrides, zero-width spaces and joiners, direction marks, tag characters),
 * the line and paragraph separators or private-use characters. Those are written as \uXXXX
 * escapes: the same JSON value, nothing that acts on the terminal or hides in it.
 */
export function jsonText(value: unknown): string {
  return terminalSafe(stringifyJson(value, 2));
}

/** DEL, C1 controls and the categories Cf, Zl, Zp and Co: in JSON text they can only be inside strings. */
const JSON_HIDDEN = lazyRegExp(() => /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}]/gu);

/** DEL or beyond: without one there is nothing to escape (making JSON_HIDDEN and its first run cost ~0.5 ms). */
const PAST_ASCII = /[^\x00-\x7e]/;

/**
 * Beyond ASCII, but nothing to escape either: ASCII and escape.ts's plain blocks (`…`, `·`, `—`,
 * as in a masked ping token). Tested before JSON_HIDDEN is made: ~3 M instructions less.
 */
const JSON_PLAIN = lazyRegExp(() => new RegExp(`^[\\x00-\\x7e${PLAIN_BEYOND_ASCII}]*$`));

/** JSON text with those characters escaped (as UTF-16 \uXXXX, a pair for a character beyond U+FFFF). */
function terminalSafe(json: string): string {
  if (!PAST_ASCII.test(json) || JSON_PLAIN().test(json)) return json;
  return json.replace(JSON_HIDDEN(), (char) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/*
 * Everything --json prints goes through printJson or jsonArrayWriter: with --jq (jq.ts), the
 * expression is applied there to exactly that JSON, and its results printed instead.
 */

/** `--json`: the body as received, 2-space indented (`compact`, or the IO's `compactJson`: on one line). */
export async function printJson(io: IO, body: unknown, options: { compact?: boolean } = {}): Promise<void> {
  const filter = jqFilterOf(io);
  if (filter) return printJq(io, filter, body);
  const compact = options.compact || io.compactJson;
  // The line end is added before the text is looked at: JSON.stringify gives a string made of
  // pieces, which the first look copies into one; adding it after made a second whole copy.
  io.outRaw(terminalSafe(`${stringifyJson(body ?? null, compact ? undefined : 2)}\n`));
}

/**
 * `--all --json`: one JSON array written entry by entry, so memory holds one page at a
 * time however long the list is. With --jq the expression needs the whole array (`length`,
 * `.[-1]`, `sort_by`): the entries are kept, as JSON text, and the expression applied at the
 * end; past the input jq is given (jq.ts's JQ_BOUNDS, 16 MiB), exit 1 at once, nothing printed.
 */
export interface JsonArrayWriter {
  write(entry: unknown): void;
  /** Closes the array (with --jq: applies the expression and prints its results). */
  end(): Promise<void>;
  /** The list is not all there: leaves the array open, its line ended (with --jq: prints nothing). */
  abandon(): void;
}

export function jsonArrayWriter(io: IO): JsonArrayWriter {
  const filter = jqFilterOf(io);
  if (filter) {
    const texts: string[] = [];
    // "[", then each entry and the comma (or "]") after it.
    let bytes = 1;
    return {
      write(entry) {
        const text = stringifyJson(entry ?? null);
        bytes += Buffer.byteLength(text) + 1;
        if (bytes > filter.bounds.inputBytes) throw boundError(filter.bounds, 'input', bytes);
        texts.push(text);
      },
      end: () => printJqText(io, filter, `[${texts.join(',')}]`),
      abandon: () => void texts.splice(0),
    };
  }
  let count = 0;
  const compact = io.compactJson;
  return {
    write(entry) {
      if (compact) io.outRaw(`${count === 0 ? '[' : ','}${terminalSafe(stringifyJson(entry ?? null))}`);
      else io.outRaw(`${count === 0 ? '[\n  ' : ',\n  '}${jsonText(entry).replace(/\n/g, '\n  ')}`);
      count++;
    },
    async end() {
      io.outRaw(count === 0 ? '[]\n' : compact ? ']\n' : '\n]\n');
    },
    abandon() {
      if (count > 0) io.outRaw('\n');
    },
  };
}

/** What a long output writes between two pauses (`io.breathe()`: a signal is handled, Ctrl-C ends it). */
const OUTPUT_CHUNK = 64 * 1024;

/**
 * --jq's results, one per line (gh's rule): a string as its text, anything else as compact
 * JSON. On a terminal a string's control characters are shown escaped (newlines and tabs
 * kept); piped, it is exactly the text. jq's own notes (`debug`) go to stderr; a runtime
 * error ends the command (exit 1) after the results before it. Written a chunk at a time,
 * with a pause after each for a signal: Ctrl-C stops millions of results at once.
 */
function printJq(io: IO, filter: JqFilter, value: unknown): Promise<void> {
  return printJqText(io, filter, stringifyJson(value ?? null));
}

async function printJqText(io: IO, filter: JqFilter, input: string): Promise<void> {
  const { lines, notes, error } = await filter.apply(input);
  if (notes) io.err(`${io.stderrIsTTY ? sanitize(notes.trimEnd(), { newlines: true }) : notes.trimEnd()}\n`);
  let chunk = '';
  for (const output of jqOutputs(lines)) {
    if (output.kind === 'json') chunk += `${terminalSafe(output.text)}\n`;
    else chunk += `${io.stdoutIsTTY ? sanitize(output.text, { newlines: true }) : output.text}\n`;
    if (chunk.length >= OUTPUT_CHUNK) {
      io.outRaw(chunk);
      chunk = '';
      await io.breathe();
    }
  }
  if (chunk) io.outRaw(chunk);
  if (error) throw error;
}
