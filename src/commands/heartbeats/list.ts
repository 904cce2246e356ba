import { checkPages, getCheckStatuses } from '../../api/resources/checks';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Check } from '../../api/schemas/checkReads';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { numberedPages, runPagedList } from '../../core/list';
import { shortId, type Column } from '../../output/render';
import { colorValue } from '../../output/say';
import { absoluteTime, relativeTime } from '../../text/time';
import { everyText } from './shared/monitor';
import { judge, type JudgedHeartbeat } from './shared/judge';
import { LIST } from './spec';
import { nextCommand } from '../../text/next';

type ListCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'commandPath'>;

function columns(now: number): Column<JudgedHeartbeat>[] {
  return [
    { header: 'NAME', value: (row) => row.check.name, shrink: true },
    { header: 'EXPECTED', value: (row) => everyText(row.check.heartbeat) },
    {
      header: 'STATE',
      value: (row) => row.judgement.state,
      color: (text, row, io) => colorValue(io.style, row.judgement.state, text),
    },
    {
      header: 'LAST PING',
      value: (row) => (row.judgement.lastPingAt === undefined ? '' : new Date(row.judgement.lastPingAt).toISOString()),
      display: (row) =>
        row.judgement.lastPingAt === undefined
          ? 'never'
          : relativeTime(new Date(row.judgement.lastPingAt).toISOString(), now),
      text: (row) =>
        row.judgement.lastPingAt === undefined
          ? 'never'
          : absoluteTime(new Date(row.judgement.lastPingAt).toISOString()),
    },
    { header: 'ID', value: (row) => row.check.id, display: (row) => shortId(row.check.id) },
  ];
}

/**
 * `mon heartbeats list`: GET /v1/checks?checkType=HEARTBEAT (one page, or every page with
 * --all), each judged with its last ping (GET /v1/check-statuses, read beside the pages when
 * the format shows rows) against the server's clock.
 */
export async function listHeartbeatsRun(ctx: ListCtx, { flags }: Input<typeof LIST>): Promise<void> {
  const client = await ctx.api();
  await runPagedList(ctx, flags, {
    table: LIST.flags,
    pages: ({ limit }) =>
      numberedPages(checkPages(client, { checkType: 'HEARTBEAT', limit: limit ?? PAGE_LIMIT.default })),
    beside: () => getCheckStatuses(client),
    rows: (checks: Check[], { statuses }) => {
      const byId = new Map(statuses.map((status) => [status.checkId, status]));
      return checks.flatMap((check) => judge(check, byId.get(check.id), client.now()) ?? []);
    },
    columns: () => columns(client.now()),
    empty: `No heartbeat monitors yet. Create one with ${nextCommand(ctx.globals, 'heartbeats create')}.`,
  });
}
