import { z } from 'zod';
import { getIncident } from '../../api/resources/incidents';
import { pathIdSchema } from '../../api/schemas/common';
import type { Ctx } from '../../core/context';
import { printJson } from '../../output/render';
import { parseOptions } from '../../core/flags/parse';
import { renderIncident } from './columns';

export async function getIncidentRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'now'>,
  _options: unknown,
  id: unknown,
): Promise<void> {
  const { incidentId } = parseOptions(
    z.object({ incidentId: pathIdSchema }),
    { incidentId: id },
    { incidentId: 'INCIDENT_ID' },
  );
  const { incident, raw } = await getIncident(await ctx.api(), incidentId);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  renderIncident(ctx.io, incident, ctx.now());
}
