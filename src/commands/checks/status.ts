import { allChecks, getCheckStatuses } from '../../api/resources/checks';
import { byUrgency } from '../../api/answers';
import type { Ctx } from '../../core/context';
import { showList } from '../../output/present';
import { statusColumns } from './shared/view';

/**
 * `mon checks status`: GET /v1/check-statuses, what needs attention first; a heartbeat in its
 * own words (late, in grace...), judged from its period and grace (GET /v1/checks of the
 * heartbeats, read at the same time, for a format that shows rows: JSON prints the body as
 * received).
 */
export async function checkStatusesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  await showList(ctx, {
    json: async () => (await getCheckStatuses(client)).raw,
    parts: async () => {
      const [{ statuses }, heartbeats] = await Promise.all([
        getCheckStatuses(client),
        allChecks(client, { checkType: 'HEARTBEAT' }),
      ]);
      const byId = new Map(heartbeats.map((check) => [check.id, check]));
      return { rows: byUrgency(statuses), columns: statusColumns(client.now(), byId) };
    },
    empty: 'No checks yet.',
  });
}
