import { getIncidentUpdate } from '../../../api/resources/incidents';
import type { IncidentUpdate } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { printJson, renderDetails } from '../../../output/render';
import { colorValue } from '../../../output/say';
import { sanitize } from '../../../text/escape';
import { whenDisplay } from '../shared/columns';
import { updateTarget } from '../shared/picker';
import type { UPDATES_GET } from '../spec';

export async function getUpdateRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter'>,
  { args }: Input<typeof UPDATES_GET>,
): Promise<void> {
  const client = await ctx.api();
  const target = await updateTarget(ctx, client, args, 'incidents updates get INCIDENT_ID UPDATE_ID');
  const { update, raw } = await getIncidentUpdate(client, target.incidentId, target.updateId);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  renderUpdate(ctx, target.incidentId, update, client.now());
}

function renderUpdate(ctx: Pick<Ctx, 'io'>, incidentId: string, update: IncidentUpdate, now: number): void {
  const { io } = ctx;
  renderDetails(io, [
    { label: 'Update', key: 'id', value: update.id },
    { label: 'Incident', key: 'incidentId', value: incidentId },
    {
      label: 'Status',
      key: 'status',
      value: update.status,
      color: (text) => colorValue(io.style, update.status, text),
    },
    {
      label: 'Published',
      key: 'publicIncidentUpdateDate',
      value: update.publicIncidentUpdateDate,
      display: whenDisplay(update.publicIncidentUpdateDate, now),
    },
    {
      label: 'Notified',
      key: 'notifySubscribers',
      value: update.notifySubscribers ?? false,
      display: update.notifySubscribers ? 'yes, subscribers were notified' : 'no',
    },
    { label: 'Created', key: 'created_at', value: update.created_at },
  ]);
  if (io.stdoutIsTTY) {
    io.out(`\n${sanitize(update.description, { newlines: true })}\n`);
  } else {
    io.out(`description\t${sanitize(update.description)}\n`);
  }
}
