import type { IO } from '../../io';
import { sanitize } from '../../text/escape';
import { stringifyJson } from '../../text/json';
import type { OutlineItem, ShownList, ShownRecord, Section, Stream, StreamView, Writer } from '../view';
import { cellText, columnsFor, renderTable, type Column, type Columns, type Field } from '../render';
import { colorValue } from '../say';

/*
 * `--format table`, the default on a terminal: what a person reads there. Lists are aligned
 * tables fitted to the width (through the pager when taller than the screen), a record is
 * "Label:  value" lines then its sections, IDs short, times relative, values coloured.
 */

/** "Label:  value" lines, the labels bold and aligned, "—" for nothing. */
function details(io: IO, fields: readonly Field[]): void {
  const width = Math.max(...fields.map((field) => field.label.length)) + 2;
  for (const field of fields) {
    const shown = sanitize(cellText(field.display ?? field.value)) || '—';
    io.out(`${io.style.bold(`${field.label}:`.padEnd(width))}${field.color ? field.color(shown, io) : shown}\n`);
  }
}

/** Rows as a table, or `empty` said on stderr (at a terminal, or `always`). */
async function rowsTable<R>(io: IO, rows: readonly R[], columns: Columns<R>, empty: string, always = false) {
  if (rows.length === 0) {
    if (always || io.stderrIsTTY || io.stdoutIsTTY) io.err(`${empty}\n`);
    return;
  }
  await renderTable(io, rows, columnsFor(columns, rows, io.columns()));
}

function outline(io: IO, items: readonly OutlineItem[], depth: number): void {
  for (const item of items) {
    const cells = item.cells.map((cell) => {
      const text = sanitize(cell.display ?? cell.value);
      return cell.color ? cell.color(text, io) : text;
    });
    io.out(`${'  '.repeat(depth)}${cells.join('  ')}\n`);
    outline(io, item.children ?? [], depth + 1);
  }
}

async function section(io: IO, part: Section): Promise<void> {
  switch (part.kind) {
    case 'rows':
      io.out(`\n${io.style.bold(part.title)}\n`);
      return rowsTable(io, part.rows, part.columns as readonly Column<unknown>[], part.empty);
    case 'timeline':
      // The status page's words and order: "Identified · 2026-11-25 12:03 UTC (5m ago)", the
      // message below it (wrapped to the terminal, indented), then, dim, what only the account sees.
      io.out(`\n${io.style.bold(part.title)}\n`);
      for (const entry of part.entries) {
        io.out(`\n  ${colorValue(io.style, entry.status, sanitize(entry.heading))} · ${sanitize(entry.when)}\n`);
        for (const line of sanitize(entry.body, { newlines: true }).split('\n')) io.out(`    ${line}\n`);
        io.out(`    ${io.style.dim(sanitize(entry.note))}\n`);
      }
      return;
    case 'text':
      io.out(`\n${sanitize(part.text, { newlines: true })}\n`);
      return;
    case 'outline':
      io.out(`\n${io.style.bold(part.title)}\n`);
      if (!part.items.length) io.out('  none\n');
      outline(io, part.items, 1);
      return;
  }
}

async function record(io: IO, view: ShownRecord): Promise<void> {
  if (view.empty !== undefined) {
    io.err(`${view.empty}\n`);
    return;
  }
  if (view.drawn?.table) await view.drawn.table(io);
  else {
    details(io, view.fields);
    for (const part of view.sections ?? []) await section(io, part);
  }
  await view.after?.(io);
}

export const table: Writer = {
  async list<R>(io: IO, view: ShownList<R>) {
    if (view.drawn?.table && view.rows.length) await view.drawn.table(io, view.rows);
    else await rowsTable(io, view.rows, view.columns, view.empty, view.emptyAlways);
    await view.after?.(io);
  },
  record,
  // A terminal is told of a change on stderr; the record changed, when there is one to show.
  async outcome(io, view) {
    if (view.record) await record(io, view.record);
  },
  // The changes, then each request as it would go (method, URL, indented body), then the command that sends it.
  async plan(io, view) {
    const { style } = io;
    io.out(`${style.bold(`${view.heading}: mon ${view.json.command}`)} ${style.dim(`(${view.effect})`)}\n`);
    for (const change of view.json.changes)
      io.out(`  ${sanitize(change, { newlines: true }).split('\n').join('\n    ')}\n`);
    for (const request of await view.requests()) {
      io.outRaw(`\n${request.method} ${sanitize(request.url)}\n`);
      if (request.body !== undefined) io.outRaw(`${sanitize(stringifyJson(request.body, 2), { newlines: true })}\n`);
    }
    if (view.json.confirmCommand) {
      io.out(`\n${style.dim(`To send exactly this (${view.once ?? 'once'}):`)}\n`);
      io.outRaw(`  ${view.json.confirmCommand}\n`);
    }
  },
  stream,
};

/**
 * Events for a person: a line each, in the terminal's colours; with `inPlace` on a terminal,
 * one line redrawn (what is awaited) instead, which the last event replaces.
 */
function stream<E>(io: IO, view: StreamView<E>): Stream<E> {
  const inPlace = view.inPlace === true && io.stdoutIsTTY;
  // A line redrawn in place and not yet ended.
  let open = false;
  return {
    write(event) {
      if (!inPlace) io.out(`${view.line(event, io.style)}\n`);
    },
    progress(line) {
      if (!inPlace) return;
      io.outRaw(`\r\x1b[2K${line(io.style)}`);
      open = true;
    },
    last(event) {
      if (!inPlace) return io.out(`${view.line(event, io.style)}\n`);
      io.outRaw(`\r\x1b[2K${view.line(event, io.style)}\n`);
      open = false;
    },
    async end() {
      if (open) io.outRaw('\n');
      open = false;
    },
  };
}
