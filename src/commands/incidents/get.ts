import { getIncident } from '../../api/resources/incidents';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { openIncidentPages } from '../../core/public-page';
import type { Input } from '../../core/flags/spec';
import { showRecord } from '../../output/present';
import { incidentView } from './shared/columns';
import { incidentIdOrPicker, pickOpenIncident } from './shared/picker';
import { resolveIncidentId } from './shared/prefix';
import type { GET } from './spec';

export async function getIncidentRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'env'>,
  { args, flags }: Input<typeof GET>,
): Promise<void> {
  const id = incidentIdOrPicker(ctx, args.incidentId, 'incidents get INCIDENT_ID');
  const client = await ctx.api();
  const target =
    id === null
      ? (await pickOpenIncident(ctx, client, 'Which open incident?')).id
      : await resolveIncidentId(client, id);
  const { incident, raw } = await getIncident(client, target);
  await showRecord(ctx, incidentView(incident, raw, client.now()));
  if (flags.web) await openIncidentPages({ ...ctx, embedded: usesEmbeddedSandbox(ctx) }, client, incident);
}
