import { z } from 'zod';
import { incidentPages } from '../../api/resources/incidents';
import type { Incident } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { jsonArrayWriter, printJson, renderList } from '../../output/render';
import { LIST_FLAGS, listOptionsSchema, runPagedList } from '../../core/list';
import { parseOptions } from '../../core/flags/parse';
import { incidentColumns } from './columns';
import { findIncidents, matchingPages, type StatusFilter } from './shared';

const optionsSchema = listOptionsSchema.extend({
  status: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(['open', 'resolved', 'all'], { error: 'must be open, resolved or all' }),
    )
    .default('open'),
});

const EMPTY: Record<StatusFilter, string> = {
  open: 'No open incidents. (`--status all` shows resolved ones too; `mon incidents create` opens one.)',
  resolved: 'No resolved incidents.',
  all: 'No incidents.',
};

export async function listIncidentsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'now'>,
  raw: Record<string, unknown>,
): Promise<void> {
  const options = parseOptions(optionsSchema, raw, { ...LIST_FLAGS, status: '--status' });
  const client = await ctx.api();
  const columns = incidentColumns(ctx.now(), ctx.io.stdoutIsTTY ? ctx.io.columns() : undefined);
  const command = `mon incidents list${options.status === 'open' ? '' : ` --status ${options.status}`}`;

  if (options.status === 'all') {
    await runPagedList(ctx, options, {
      pages: (query) => incidentPages(client, query),
      columns,
      empty: EMPTY.all,
      command,
    });
    return;
  }

  const { io } = ctx;
  if (options.all) {
    // Every page, keeping the matches; --limit is the page size here.
    const pages = matchingPages(client, { limit: options.limit ?? 100, nextId: options.nextId }, options.status);
    if (ctx.globals.json) {
      const writer = jsonArrayWriter(io);
      for await (const matches of pages) for (const incident of matches.raw) writer.write(incident);
      writer.end();
      return;
    }
    const found: Incident[] = [];
    for await (const matches of pages) found.push(...matches.entries);
    await renderList(io, found, columns, EMPTY[options.status]);
    return;
  }

  const {
    entries,
    raw: received,
    nextId,
  } = await findIncidents(client, { filter: options.status, limit: options.limit ?? 20, nextId: options.nextId });
  if (ctx.globals.json) {
    printJson(io, { length: entries.length, entries: received, nextId });
    return;
  }
  await renderList(io, entries, columns, EMPTY[options.status]);
  if (nextId && io.stderrIsTTY) {
    const limit = options.limit ? ` --limit ${options.limit}` : '';
    io.err(io.errStyle.dim(`There may be more: ${command}${limit} --next-id ${nextId}  (or --all for every one)\n`));
  }
}
