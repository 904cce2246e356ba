import { checkPages, getCheckStatuses } from '../../api/resources/checks';
import type { CheckListQuery } from '../../api/schemas/checkReads';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { numberedPages, runPagedList } from '../../core/list';
import { withoutPingTokens } from './shared/ping-tokens';
import { LIST } from './spec';
import { nextCommand } from '../../text/next';

/**
 * `mon checks list`: one page (or with --all every page, the spinner counting them) of GET
 * /v1/checks, the filters sent to the API, ping tokens masked in its JSON; the status column
 * from GET /v1/check-statuses, read at the same time when the format shows rows.
 */
export async function listChecksRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'commandPath'>,
  { flags }: Input<typeof LIST>,
): Promise<void> {
  const client = await ctx.api();
  const filters: Omit<CheckListQuery, 'limit'> = {
    ...(flags.type ? { checkType: flags.type } : {}),
    ...(flags.tag ? { tag: flags.tag } : {}),
    ...(flags.search !== undefined ? { search: flags.search } : {}),
    ...(flags.status ? { status: flags.status } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  await runPagedList(ctx, flags, {
    table: LIST.flags,
    pages: ({ limit }) =>
      numberedPages(checkPages(client, { limit: limit ?? PAGE_LIMIT.default, ...filters }), withoutPingTokens),
    beside: () => Promise.all([getCheckStatuses(client), import('./shared/view')]),
    columns: (_rows, _width, [{ statuses }, view]) =>
      view.checkColumns(new Map(statuses.map((status) => [status.checkId, status])), client.now()),
    empty: filtered
      ? 'No checks match.'
      : `No checks yet. (${nextCommand(ctx.globals, 'checks create-dns')} creates one.)`,
  });
}
