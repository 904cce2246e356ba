import { getCheckStatuses } from '../../api/resources/checks';
import { byUrgency } from '../../api/answers';
import type { Ctx } from '../../core/context';
import { printJson, renderList } from '../../output/render';
import { statusColumns } from './shared/view';

/** `mon checks status`: GET /v1/check-statuses, what needs attention first. */
export async function checkStatusesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  const { statuses, raw } = await getCheckStatuses(client);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  const sorted = byUrgency(statuses);
  await renderList(ctx.io, sorted, statusColumns(client.now()), 'No checks yet.');
}
