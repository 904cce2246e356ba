import { incidentPages } from '../../../api/resources/incidents';
import { serviceDirectory } from '../../../api/resources/statusPages';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { cursorPages, runPagedList } from '../../../core/list';
import type { ApiClient } from '../../../api/client';
import { watch } from '../../../core/watch';
import { moreOnScreen } from '../../../output/more';
import { tableText } from '../../../output/render';
import { truncate } from '../../../text/width';
import { incidentColumns } from './columns';
import { filters, findIncidents, matchingPages, type IncidentFilter } from './find';
import { findServices } from './services';
import { LIST } from '../spec';
import { hintText, type Hint, type Where } from '../../../text/next';

const EMPTY: Record<string, Hint> = {
  open: (next) =>
    `No open incidents. (\`--status all\` shows resolved ones too; ${next('incidents create')} opens one.)`,
  resolved: 'No resolved incidents.',
  all: 'No incidents.',
};

type Flags = Input<typeof LIST>['flags'];

/** What --status, --service, --severity and --since keep (the services looked up by ID or name). */
async function incidentFilter(client: ApiClient, flags: Flags): Promise<IncidentFilter> {
  return {
    status: flags.status,
    ...(flags.service
      ? {
          services: new Set(
            findServices(await serviceDirectory(client), flags.service).map((entry) => entry.service.id),
          ),
        }
      : {}),
    ...(flags.severity ? { severities: new Set(flags.severity) } : {}),
    ...(flags.since ? { since: flags.since } : {}),
  };
}

const emptyMessage = (flags: Flags, where: Where) =>
  flags.service || flags.severity || flags.since ? 'No incidents match.' : hintText(EMPTY[flags.status]!, where)!;

/**
 * `mon incidents list`: the API's pages as they are without a filter; with one, what matches
 * across pages (core/list.ts pages either way).
 */
export async function listIncidents(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'commandPath'>,
  { flags }: Input<typeof LIST>,
): Promise<void> {
  const client = await ctx.api();
  const filter = await incidentFilter(client, flags);
  const matching = filters(filter);
  await runPagedList(ctx, flags, {
    table: LIST.flags,
    pages: (query) => (matching ? matchingListPages(client, query, filter) : cursorPages(incidentPages(client, query))),
    // Up to --limit that match, following pages as needed; --json prints them as one page.
    page: matching
      ? async (query) => {
          const { entries, raw, nextId } = await findIncidents(client, { filter, ...query });
          return { entries, json: { length: entries.length, entries: raw, nextId }, jsonEntries: raw, nextId };
        }
      : undefined,
    // Times are shown against the server's clock, as its last answer gave it.
    columns: (rows, width) => incidentColumns(client.now(), width, rows),
    empty: emptyMessage(flags, ctx.globals),
  });
}

/** With --all and a filter: each page's matches. */
async function* matchingListPages(
  client: ApiClient,
  query: { limit?: number; nextId?: string },
  filter: IncidentFilter,
) {
  for await (const matches of matchingPages(client, query, filter))
    yield { entries: matches.entries, json: matches.raw, jsonEntries: matches.raw };
}

/** Columns left of the table for the "+" of a new row. */
const MARGIN = 2;

/**
 * `mon incidents list --watch`: the table a terminal shows, read again (filters and all) at
 * every refresh and redrawn in place (core/watch.ts), two columns in for the "+" of an
 * incident new since the last refresh.
 */
export async function watchIncidents(
  ctx: Pick<Ctx, 'io' | 'api' | 'cancel' | 'env' | 'now' | 'globals'>,
  { flags }: Input<typeof LIST>,
): Promise<never> {
  const { io } = ctx;
  const client = await ctx.api();
  const filter = await incidentFilter(client, flags);
  const limit = flags.limit ?? PAGE_LIMIT.default;
  const indent = (text: string) => `${' '.repeat(MARGIN)}${text}`;
  return watch(ctx, flags.interval, {
    now: () => client.now(),
    read: async ({ width }) => {
      const room = width - MARGIN;
      const { entries, nextId } = await findIncidents(client, { filter, limit, nextId: flags.nextId });
      if (!entries.length) return [{ text: indent(truncate(emptyMessage(flags, ctx.globals), room)) }];
      const table = await tableText(io, entries, incidentColumns(client.now(), room, entries), room);
      const [header, ...rows] = table.trimEnd().split('\n');
      const more = io.style.dim(truncate(moreOnScreen(limit), room));
      return [
        { text: indent(header!) },
        ...rows.map((text, index) => ({ text: indent(text), row: entries[index]!.id })),
        ...(nextId ? [{ text: indent(more) }] : []),
      ];
    },
  });
}
