import { getIncident } from '../../api/resources/incidents';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { printJson } from '../../output/render';
import { renderIncident } from './columns';
import type { GET } from './spec';

export async function getIncidentRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'now'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const { incident, raw } = await getIncident(await ctx.api(), args.incidentId);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  renderIncident(ctx.io, incident, ctx.now());
}
