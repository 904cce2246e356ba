import { incidentPages } from '../../api/resources/incidents';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Incident } from '../../api/schemas/incidents';
import { sanitize } from '../../text/escape';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { runPagedList } from '../../core/list';
import { jsonArrayWriter, printJson, renderList } from '../../output/render';
import { incidentColumns } from './columns';
import { findIncidents, matchingPages, type StatusFilter } from './find';
import type { LIST } from './spec';

const EMPTY: Record<StatusFilter, string> = {
  open: 'No open incidents. (`--status all` shows resolved ones too; `mon incidents create` opens one.)',
  resolved: 'No resolved incidents.',
  all: 'No incidents.',
};

export async function listIncidentsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'now'>,
  { flags }: Input<typeof LIST>,
): Promise<void> {
  const client = await ctx.api();
  const width = ctx.io.stdoutIsTTY ? ctx.io.columns() : undefined;
  const columns = (rows: Incident[]) => incidentColumns(ctx.now(), width, rows);
  const command = `mon incidents list${flags.status === 'open' ? '' : ` --status ${flags.status}`}`;

  if (flags.status === 'all') {
    await runPagedList(ctx, flags, {
      pages: (query) => incidentPages(client, query),
      columns,
      empty: EMPTY.all,
      command,
    });
    return;
  }

  const { io } = ctx;
  if (flags.all) {
    // Every page, keeping the matches; --limit is the page size here.
    const pages = matchingPages(client, { limit: flags.limit ?? PAGE_LIMIT.max, nextId: flags.nextId }, flags.status);
    if (ctx.globals.json) {
      const writer = jsonArrayWriter(io);
      for await (const matches of pages) for (const incident of matches.raw) writer.write(incident);
      writer.end();
      return;
    }
    const found: Incident[] = [];
    for await (const matches of pages) found.push(...matches.entries);
    await renderList(io, found, columns(found), EMPTY[flags.status]);
    return;
  }

  const {
    entries,
    raw: received,
    nextId,
  } = await findIncidents(client, { filter: flags.status, limit: flags.limit ?? 20, nextId: flags.nextId });
  if (ctx.globals.json) {
    printJson(io, { length: entries.length, entries: received, nextId });
    return;
  }
  await renderList(io, entries, columns(entries), EMPTY[flags.status]);
  if (nextId && io.stderrIsTTY) {
    const limit = flags.limit ? ` --limit ${flags.limit}` : '';
    io.err(
      io.errStyle.dim(
        `There may be more: ${command}${limit} --next-id ${sanitize(nextId)}  (or --all for every one)\n`,
      ),
    );
  }
}
