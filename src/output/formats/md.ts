import type { IO } from '../../io';
import { stringifyJson } from '../../text/json';
import { mdCell, mdCodeBlock, mdInline, mdParagraph, mdTable } from '../../text/markdown';
import { NO_COLOR } from '../../io';
import type { OutlineItem, ShownList, ShownRecord, Section, Stream, StreamView, Writer } from '../view';
import { cellText, columnsFor, type Cell, type Column } from '../render';

/*
 * `--format md`: GitHub-flavoured Markdown, for chat and postmortems. A list is a table; a
 * record a heading, its fields as a list, then its sections (a timeline newest first, a
 * table, text). Whole IDs, times that do not age (a column's or field's `text`, else its
 * value), every value from the server escaped (text/markdown.ts). Nothing is fitted to a
 * terminal: the document is written as it is.
 */

/** A section's title as a heading: "Packages (17)", without the colon that leads into a terminal's lines. */
const heading = (title: string) => mdInline(title.replace(/:$/, ''));

/** What a document shows of a value: its `text`, else its value; "—" for nothing. */
const shown = (cell: Cell) => mdCell(cellText(cell));

function table<R>(rows: readonly R[], columns: readonly Column<R>[]): string {
  return mdTable(
    columns.map((column) => mdInline(column.header)),
    rows.map((row) => columns.map((column) => shown((column.text ?? column.value)(row)))),
  );
}

function outline(items: readonly OutlineItem[], depth: number): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}- ${item.cells.map((cell) => mdInline(cell.value)).join(' · ')}`,
    ...outline(item.children ?? [], depth + 1),
  ]);
}

function section(part: Section): string {
  switch (part.kind) {
    case 'rows':
      return `### ${heading(part.title)}\n\n${
        part.rows.length ? table(part.rows, part.columns as readonly Column<unknown>[]) : mdParagraph(part.empty)
      }`;
    case 'timeline':
      return [
        `### ${heading(part.title)}`,
        ...part.entries.map((entry) =>
          [
            `#### ${mdInline(entry.heading)} · ${mdInline(entry.at)}`,
            mdParagraph(entry.body),
            `*${mdInline(entry.note)}*`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        ),
      ].join('\n\n');
    case 'text':
      return mdParagraph(part.text);
    case 'outline':
      return `### ${heading(part.title)}\n\n${part.items.length ? outline(part.items, 0).join('\n') : 'none'}`;
  }
}

function recordText(view: ShownRecord): string {
  if (view.empty !== undefined) return mdParagraph(view.empty);
  const fields = view.fields.map((field) => `- **${mdInline(field.label)}:** ${shown(field.text ?? field.value)}`);
  return [
    `## ${mdInline(view.title)}`,
    ...(fields.length ? [fields.join('\n')] : []),
    ...(view.sections ?? []).map(section),
  ]
    .filter(Boolean)
    .join('\n\n');
}

export const md: Writer = {
  async list<R>(io: IO, view: ShownList<R>) {
    const rows = view.rows;
    io.outRaw(
      `${rows.length ? table(rows, columnsFor(view.columns, rows, Number.POSITIVE_INFINITY)) : mdParagraph(view.empty)}\n`,
    );
  },
  async record(io, view) {
    io.outRaw(`${recordText(view)}\n`);
  },
  // A heading, the changes as a list, each request (method, URL, body) and the command that sends it as code.
  async plan(io, view) {
    const requests = (await view.requests()).map((request) =>
      mdCodeBlock(
        `${request.method} ${request.url}${request.body === undefined ? '' : `\n${stringifyJson(request.body, 2)}`}`,
        'http',
      ),
    );
    const confirm = view.json.confirmCommand;
    io.outRaw(
      `${[
        `## ${mdInline(`${view.heading}: mon ${view.json.command}`)} (${mdInline(view.effect)})`,
        view.json.changes.map((change) => `- ${mdInline(change)}`).join('\n'),
        ...requests,
        ...(confirm ? [`To send exactly this (${mdInline(view.once ?? 'once')}):`, mdCodeBlock(confirm, 'sh')] : []),
      ]
        .filter(Boolean)
        .join('\n\n')}\n`,
    );
  },
  async outcome(io, view) {
    if (view.record) io.outRaw(`${recordText(view.record)}\n`);
    else if (view.id !== undefined) io.outRaw(`${mdInline(view.id)}\n`);
  },
  stream,
};

/**
 * Events in a document, written as they happen: a table of the view's columns (its header
 * before the first row), else a list of the person's lines without colour; `empty` when none came.
 */
function stream<E>(io: IO, view: StreamView<E>): Stream<E> {
  const { columns } = view;
  let written = 0;
  const write = (event: E) => {
    let text: string;
    if (columns) {
      const cells = [columns.map((column) => shown((column.text ?? column.value)(event)))];
      // The header and its rule, then the row: a table of one row, whose first two lines go once.
      const lines = mdTable(
        columns.map((column) => mdInline(column.header)),
        cells,
      ).split('\n');
      text = (written ? lines.slice(2) : lines).join('\n');
    } else text = `- ${mdInline(view.line(event, NO_COLOR))}`;
    written++;
    io.outRaw(`${text}\n`);
  };
  return {
    write,
    last: write,
    progress() {},
    async end() {
      if (!written && view.empty !== undefined) io.outRaw(`${mdParagraph(view.empty)}\n`);
      written = Math.max(written, 1);
    },
  };
}
