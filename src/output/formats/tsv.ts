import type { IO } from '../../io';
import { sanitize } from '../../text/escape';
import { stringifyJson } from '../../text/json';
import { NO_COLOR } from '../../io';
import type { OutlineItem, ShownList, ShownRecord, Section, Stream, StreamView, Writer } from '../view';
import { cellText, columnsFor, renderTsv, type Cell, type Column } from '../render';

/*
 * `--format tsv`, the default in a pipe: what a script reads. A list is tab-separated rows
 * without a header, a record "key<TAB>value" lines then its sections as "KEY<TAB>cells"
 * rows; whole IDs, ISO times, no colour, control characters escaped, nothing cut to a width.
 */

const row = (cells: readonly Cell[]) => cells.map((cell) => sanitize(cellText(cell))).join('\t');

function outline(io: IO, items: readonly OutlineItem[], depth: number): void {
  for (const item of items) {
    io.outRaw(`${'  '.repeat(depth)}${item.cells.map((cell) => sanitize(cell.display ?? cell.value)).join('  ')}\n`);
    outline(io, item.children ?? [], depth + 1);
  }
}

function section(io: IO, part: Section): void {
  switch (part.kind) {
    case 'rows': {
      const columns = part.columns as readonly Column<unknown>[];
      for (const entry of part.rows) io.outRaw(`${part.key}\t${row(columns.map((column) => column.value(entry)))}\n`);
      return;
    }
    case 'timeline':
      for (const entry of part.entries) io.outRaw(`${part.key}\t${row(entry.cells)}\n`);
      return;
    case 'text':
      io.outRaw(`${part.key}\t${sanitize(part.text)}\n`);
      return;
    case 'outline':
      // Lines for a person, the same as a terminal's without colour.
      io.outRaw(`\n${part.title}\n`);
      if (!part.items.length) io.outRaw('  none\n');
      outline(io, part.items, 1);
      return;
  }
}

async function record(io: IO, view: ShownRecord): Promise<void> {
  if (view.empty !== undefined) {
    io.err(`${view.empty}\n`);
    return;
  }
  if (view.drawn?.tsv) return view.drawn.tsv(io);
  for (const field of view.fields) io.outRaw(`${field.key}\t${sanitize(cellText(field.value))}\n`);
  for (const part of view.sections ?? []) section(io, part);
}

export const tsv: Writer = {
  async list<R>(io: IO, view: ShownList<R>) {
    if (view.rows.length === 0) {
      if (view.emptyAlways || io.stderrIsTTY || io.stdoutIsTTY) io.err(`${view.empty}\n`);
      return;
    }
    renderTsv(io, view.rows, columnsFor(view.columns, view.rows, Number.POSITIVE_INFINITY));
  },
  record,
  // What a script reads after a change: the ID, on a line of its own (`id=$(mon incidents create ...)`).
  async outcome(io, view) {
    if (view.id !== undefined) io.outRaw(`${sanitize(view.id)}\n`);
  },
  // "key<TAB>value" lines, as a record's: a change, a request and its body (compact JSON) each on a line.
  async plan(io, view) {
    const { status, command, changes, planToken, expiresAt, confirmCommand } = view.json;
    const lines: [string, string | undefined][] = [
      ['status', status],
      ['command', command],
      ['effect', view.effect],
      ...changes.map((change): [string, string] => ['change', change]),
      ...(await view.requests()).flatMap((request): [string, string | undefined][] => [
        ['request', `${request.method} ${request.url}`],
        ['body', request.body === undefined ? undefined : stringifyJson(request.body)],
      ]),
      ['planToken', planToken],
      ['expiresAt', expiresAt],
      ['confirmCommand', confirmCommand],
    ];
    for (const [key, value] of lines) if (value !== undefined) io.outRaw(`${key}\t${sanitize(value)}\n`);
  },
  stream,
};

/** Events for a script: a row each as it happens (its columns, tab-separated), else the person's line without colour. */
function stream<E>(io: IO, view: StreamView<E>): Stream<E> {
  const { columns } = view;
  const write = (event: E) =>
    io.outRaw(`${columns ? row(columns.map((column) => column.value(event))) : view.line(event, NO_COLOR)}\n`);
  return { write, last: write, progress() {}, async end() {} };
}
