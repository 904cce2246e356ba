import { statusPagePages } from '../../api/resources/statusPages';
import type { StatusPage } from '../../api/schemas/statusPages';
import type { Ctx } from '../../core/context';
import { shortId, type Column } from '../../output/render';
import { colorId } from '../../output/say';
import type { Input } from '../../core/flags/spec';
import { cursorPages, runPagedList } from '../../core/list';
import { LIST } from './spec';

/** One table row per service, so that service IDs can be read off (and cut from TSV). */
interface ServiceRow {
  page: StatusPage;
  card?: string;
  service?: { id: string; name: string };
}

export function serviceRows(pages: StatusPage[]): ServiceRow[] {
  const rows: ServiceRow[] = [];
  for (const page of pages) {
    const before = rows.length;
    for (const card of page.cards ?? []) {
      for (const service of card.services ?? []) rows.push({ page, card: card.name, service });
      if (!card.services?.length) rows.push({ page, card: card.name });
    }
    if (rows.length === before) rows.push({ page });
  }
  return rows;
}

const COLUMNS: Column<ServiceRow>[] = [
  { header: 'STATUS PAGE', value: (row) => row.page.name, shrink: true },
  { header: 'URL', value: (row) => row.page.url, shrink: true },
  { header: 'CARD', value: (row) => row.card, shrink: true },
  // What `--service` takes: cut only when nothing else can give way.
  {
    header: 'SERVICE',
    value: (row) => row.service?.name,
    display: (row) => row.service?.name ?? '—',
    shrink: 'last',
  },
  // On a terminal the first 8 characters, as every table shows IDs (whole when piped or with --json).
  {
    header: 'SERVICE ID',
    value: (row) => row.service?.id,
    display: (row) => (row.service ? shortId(row.service.id) : undefined),
    color: (text, _row, io) => colorId(io.style, text),
  },
];

export async function listStatusPagesRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'commandPath'>,
  { flags }: Input<typeof LIST>,
) {
  const client = await ctx.api();
  await runPagedList(ctx, flags, {
    table: LIST.flags,
    pages: (query) => cursorPages(statusPagePages(client, query)),
    rows: serviceRows,
    columns: COLUMNS,
    empty: 'No status pages.',
  });
}
