import { checkPages, getCheckStatuses } from '../../api/resources/checks';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Check } from '../../api/schemas/checkReads';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { printJson, renderList, shortId, type Column } from '../../output/render';
import { colorValue } from '../../output/say';
import { relativeTime } from '../../text/time';
import { everyText } from './shared/monitor';
import { judge, type JudgedHeartbeat } from './shared/judge';
import type { LIST } from './spec';
import { nextCommand } from '../../text/next';

type ListCtx = Pick<Ctx, 'io' | 'globals' | 'api'>;

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
    },
    { header: 'ID', value: (row) => row.check.id, display: (row) => shortId(row.check.id) },
  ];
}

/**
 * `mon heartbeats list`: GET /v1/checks?checkType=HEARTBEAT (one page, or every page with
 * --all), each judged with its last ping (GET /v1/check-statuses) against the server's clock.
 */
export async function listHeartbeatsRun(ctx: ListCtx, { flags }: Input<typeof LIST>): Promise<void> {
  const client = await ctx.api();
  const checks: Check[] = [];
  const raws: unknown[] = [];
  let more = false;
  for await (const { entries, raw } of checkPages(client, { checkType: 'HEARTBEAT', limit: flags.limit })) {
    checks.push(...entries);
    raws.push(raw);
    if (!flags.all) {
      more = entries.length === (flags.limit ?? PAGE_LIMIT.default);
      break;
    }
  }
  if (ctx.globals.json) return printJson(ctx.io, raws.length === 1 ? raws[0] : raws.flatMap((raw) => raw as unknown[]));

  const { statuses } = checks.length ? await getCheckStatuses(client) : { statuses: [] };
  const byId = new Map(statuses.map((status) => [status.checkId, status]));
  const now = client.now();
  const rows = checks.flatMap((check) => judge(check, byId.get(check.id), now) ?? []);
  await renderList(
    ctx.io,
    rows,
    columns(now),
    `No heartbeat monitors yet. Create one with ${nextCommand(ctx.globals, 'heartbeats create')}.`,
  );
  if (more && ctx.io.stdoutIsTTY) ctx.io.err(ctx.io.errStyle.dim(`There may be more: --all lists every one.\n`));
}
