import { incidentPages } from '../../../api/resources/incidents';
import { serviceDirectory } from '../../../api/resources/statusPages';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { Incident } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { runPagedList, streamEntries } from '../../../core/list';
import type { ApiClient } from '../../../api/client';
import { watch } from '../../../core/watch';
import { printJson, renderList, tableText } from '../../../output/render';
import { sanitize } from '../../../text/escape';
import { truncate } from '../../../text/width';
import { incidentColumns } from './columns';
import { filters, findIncidents, matchingPages, type IncidentFilter } from './find';
import { findServices } from './services';
import type { LIST } from '../spec';
import { hintText, nextCommand, type Hint, type Where } from '../../../text/next';

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

export async function listIncidents(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress'>,
  { flags }: Input<typeof LIST>,
): Promise<void> {
  const { io } = ctx;
  const client = await ctx.api();
  const width = io.stdoutIsTTY ? io.columns() : undefined;
  // Times are shown against the server's clock, as its last answer gave it.
  const columns = (rows: Incident[]) => incidentColumns(client.now(), width, rows);
  const filter = await incidentFilter(client, flags);
  const command = listCommand(flags);
  const empty = emptyMessage(flags, ctx.globals);

  // No filter: the API's pages as they are.
  if (!filters(filter)) {
    await runPagedList(ctx, flags, { pages: (query) => incidentPages(client, query), columns, empty, command });
    return;
  }

  if (flags.all) {
    // Every page, keeping the matches; --limit is the page size here.
    const pages = matchingPages(client, { limit: flags.limit ?? PAGE_LIMIT.max, nextId: flags.nextId }, filter);
    if (ctx.globals.json) {
      await streamEntries(io, pages, (page) => page.raw);
      return;
    }
    const found: Incident[] = [];
    for await (const page of pages) {
      found.push(...page.entries);
      ctx.progress().page(page.entries.length);
    }
    ctx.progress().finish();
    await renderList(io, found, columns(found), empty);
    return;
  }

  const { entries, raw, nextId } = await findIncidents(client, {
    filter,
    limit: flags.limit ?? PAGE_LIMIT.default,
    nextId: flags.nextId,
  });
  if (ctx.globals.json) {
    await printJson(io, { length: entries.length, entries: raw, nextId });
    return;
  }
  await renderList(io, entries, columns(entries), empty);
  if (nextId && io.stderrIsTTY) {
    const limit = flags.limit ? ` --limit ${flags.limit}` : '';
    const next = nextCommand(ctx.globals, `${command}${limit} --next-id ${sanitize(nextId)}`);
    io.err(io.errStyle.dim(`There may be more: ${next} (or --all for every one)\n`));
  }
}

/** Columns left of the table for the "+" of a new row. */
const MARGIN = 2;

/**
 * `mon incidents list --watch`: the table a terminal shows, read again (filters and all) at
 * every refresh and redrawn in place (core/watch.ts), two columns in for the "+" of an
 * incident new since the last refresh.
 */
export async function watchIncidents(
  ctx: Pick<Ctx, 'io' | 'api' | 'signal' | 'env' | 'now' | 'globals'>,
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
      const more = io.style.dim(truncate(`There may be more than --limit ${limit} shows.`, room));
      return [
        { text: indent(header!) },
        ...rows.map((text, index) => ({ text: indent(text), row: entries[index]!.id })),
        ...(nextId ? [{ text: indent(more) }] : []),
      ];
    },
  });
}

/** The command that lists the same incidents (the words after `mon`), for the "more" hint. */
function listCommand(flags: Flags): string {
  const quote = (value: string) => (/^[\w.:-]+$/.test(value) ? value : JSON.stringify(value));
  return [
    'incidents list',
    flags.status === 'open' ? '' : `--status ${flags.status}`,
    ...(flags.service ?? []).map((service) => `--service ${sanitize(quote(service))}`),
    ...(flags.severity ?? []).map((severity) => `--severity ${severity.toLowerCase()}`),
    flags.since ? `--since ${flags.since.toISOString()}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
