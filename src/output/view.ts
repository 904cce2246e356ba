import type { ChalkInstance } from 'chalk';
import type { IO } from '../io';
import type { Cell, Column, Columns, Field } from './render';

/*
 * The shapes a verb hands output/present.ts (a list, every page, a record, an outcome, a
 * stream of events) and what a format module (output/formats/) is: the types both sides
 * name, apart from the module that picks the format, so that a format module imports
 * nothing of it.
 */

/** A person's next step, said on stderr at a terminal (not with JSON): "There may be more: ...". */
export type Hint = string;

/** A list: one page of it, or the whole of a list that has no pages. */
export type ListView<R> = ListBase<R> & (ListParts<R> | { parts: () => Promise<ListParts<R>> });

/** The rows of a list and their columns; `parts` makes them only for a format that shows rows (a read only they need). */
export interface ListParts<R> {
  /** The rows, or how to make them: made only by a format that shows rows (a warning about them is not said with JSON). */
  rows: readonly R[] | (() => readonly R[] | Promise<readonly R[]>);
  columns: Columns<R>;
}

interface ListBase<R> {
  /**
   * --json: the body as received (`undefined`: a list with nothing to print as JSON). A
   * function makes it only when JSON is shown, for a body read only then.
   */
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

/** A list as a writer gets it: its rows made. */
export type ShownList<R> = ListBase<R> & { rows: readonly R[]; columns: Columns<R> };

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
  /** Said on stderr after it (dim), in every format but JSON: what it did not do (a dry run sent nothing). */
  note?: string;
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

/**
 * Events as they happen (a check's run finishing, a state changing), then, with JSON, one
 * document at the end: what a verb that waits hands output/present.ts's showStream.
 */
export interface StreamView<E> {
  /** A person's line for an event (--format table), in the colours of `style` (the terminal's). */
  line: (event: E, style: ChalkInstance) => string;
  /**
   * A script's row (--format tsv, tab-separated) and a document's table (--format md, a row
   * an event); without them, the person's line without colour (md: an item of a list).
   */
  columns?: readonly Column<E>[];
  /**
   * On a terminal (--format table): one line redrawn in place says what is awaited
   * (`progress`), and events are not written; `last` ends it.
   */
  inPlace?: boolean;
  /** Said first, on stderr, to a person at a terminal (not with JSON): what is being waited for. */
  note?: string;
  /** A document's line when the stream ends without an event. */
  empty?: string;
}

/** What a verb feeds a stream (output/present.ts's showStream). */
export interface Stream<E> {
  /** An event, written as it happens: a line (a row) of its own. */
  write(event: E): void;
  /** What is awaited, redrawn in place on a terminal (`inPlace`); written nowhere else. */
  progress(line: (style: ChalkInstance) => string): void;
  /** The last event (the outcome), written in every format but JSON, even in place. */
  last(event: E): void;
  /** The end: the JSON document (made only with JSON); a line redrawn in place is ended. */
  end(json?: () => unknown): Promise<void>;
}

/**
 * What a format module writes: each shape in its way. `pages` is optional: without it, the
 * list is read whole and shown once.
 */
export interface Writer {
  list<R>(io: IO, view: ShownList<R>): Promise<void>;
  record(io: IO, view: ShownRecord): Promise<void>;
  outcome(io: IO, view: OutcomeView & { record?: ShownRecord }): Promise<void>;
  plan(io: IO, view: PlanView): Promise<void>;
  pages?<T, R>(io: IO, view: PagesView<T, R>): Promise<void>;
  stream<E>(io: IO, view: StreamView<E>): Stream<E>;
}

/** A record with its parts made, as a writer gets it (JSON's with none: it prints `json`). */
export type ShownRecord = RecordBase & Partial<RecordParts> & Pick<RecordParts, 'title' | 'fields'>;
