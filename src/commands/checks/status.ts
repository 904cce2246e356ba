import { allChecks, getCheckStatuses } from '../../api/resources/checks';
import { byUrgency } from '../../api/answers';
import type { Ctx } from '../../core/context';
import { showList, showsRows } from '../../output/present';
import { statusColumns } from './shared/view';

/**
 * `mon checks status`: GET /v1/check-statuses, what needs attention first; a heartbeat in its
 * own words (late, in grace...), judged from its period and grace (GET /v1/checks of the
 * heartbeats, read at the same time).
 */
export async function checkStatusesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  // The heartbeats' configurations judge their statuses, for a format that shows rows (JSON prints the body as received).
  const [{ statuses, raw }, heartbeats] = await Promise.all([
    getCheckStatuses(client),
    showsRows(ctx) ? allChecks(client, { checkType: 'HEARTBEAT' }) : [],
  ]);
  const byId = new Map(heartbeats.map((check) => [check.id, check]));
  await showList(ctx, {
    rows: byUrgency(statuses),
    columns: statusColumns(client.now(), byId),
    json: raw,
    empty: 'No checks yet.',
  });
}
