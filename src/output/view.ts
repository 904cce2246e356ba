import type { IO } from '../io';
import type { Cell, Column, Columns, Field } from './render';

/*
 * The shapes a verb hands output/present.ts (a list, every page, a record, an outcome) and
 * what a format module (output/formats/) is: the types both sides name, apart from the
 * module that picks the format, so that a format module imports nothing of it.
 */

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
  /**
   * --json: the body as received; undefined: JSON prints nothing (a delete). A function makes
   * it only when JSON is shown (present.ts), for a body that costs a request.
   */
  json?: unknown;
  /** What a script reads otherwise (the ID of what was created or changed), on a line of its own. */
  id?: string;
  /** What a terminal's table (and a document) shows instead of the ID: the created check. */
  record?: RecordView;
}

/** A request as a plan shows it: its method, its whole URL, its body (secret values masked). */
export interface PlanRequest {
  method: string;
  url: string;
  body?: unknown;
}

/** A write's plan (core/plan.ts) or dry run: what would change and what would be sent. */
export interface PlanView {
  /** The plan object (docs/CLI.md, "Plans"): what JSON prints, and the values TSV's lines name. */
  json: {
    status: string;
    command: string;
    changes: readonly string[];
    planToken?: string;
    expiresAt?: string;
    confirmCommand?: string;
  };
  /** "Plan" or "Dry run". */
  heading: string;
  /** Its classification in words: "write, not idempotent". */
  effect: string;
  /** The requests with the base URL; made only for a format that shows them. */
  requests: () => Promise<PlanRequest[]>;
  /** How its confirmCommand sends: "once, within 10 minutes, and only if it has not changed by then". */
  once?: string;
}

/** What a format module writes: each shape in its way. `pages` is optional: without it, the list is read whole and shown once. */
export interface Writer {
  list<R>(io: IO, view: ListView<R> & { rows: readonly R[] }): Promise<void>;
  record(io: IO, view: ShownRecord): Promise<void>;
  outcome(io: IO, view: OutcomeView & { record?: ShownRecord }): Promise<void>;
  plan(io: IO, view: PlanView): Promise<void>;
  pages?<T, R>(io: IO, view: PagesView<T, R>): Promise<void>;
}

/** A record with its parts made, as a writer gets it (JSON's with none: it prints `json`). */
export type ShownRecord = RecordBase & Partial<RecordParts> & Pick<RecordParts, 'title' | 'fields'>;
