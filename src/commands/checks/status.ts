import { allChecks, getCheckStatuses } from '../../api/resources/checks';
import { byUrgency } from '../../api/answers';
import type { Ctx } from '../../core/context';
import { printJson, renderList } from '../../output/render';
import { statusColumns } from './shared/view';

/**
 * `mon checks status`: GET /v1/check-statuses, what needs attention first; a heartbeat in its
 * own words (late, in grace...), judged from its period and grace (GET /v1/checks of the
 * heartbeats, read at the same time).
 */
export async function checkStatusesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  if (ctx.globals.json) return printJson(ctx.io, (await getCheckStatuses(client)).raw);
  const [{ statuses }, heartbeats] = await Promise.all([
    getCheckStatuses(client),
    allChecks(client, { checkType: 'HEARTBEAT' }),
  ]);
  const byId = new Map(heartbeats.map((check) => [check.id, check]));
  await renderList(ctx.io, byUrgency(statuses), statusColumns(client.now(), byId), 'No checks yet.');
}
