import { getIncidentUpdate } from '../../../api/resources/incidents';
import type { IncidentUpdate } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { statusWord } from '../../../api/subscribers';
import { showRecord, type RecordView } from '../../../output/present';
import { paint } from '../../../output/say';
import { absoluteTime } from '../../../text/time';
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
  await showRecord(ctx, updateView(target.incidentId, update, raw, client.now()));
}

/** The update's fields, then its message: below them on a terminal, a `description<TAB>...` row piped. */
function updateView(incidentId: string, update: IncidentUpdate, raw: unknown, now: number): RecordView {
  const published = update.publicIncidentUpdateDate;
  return {
    json: raw,
    title: `Update: ${statusWord(update.status)}`,
    fields: [
      { label: 'Update', key: 'id', value: update.id },
      { label: 'Incident', key: 'incidentId', value: incidentId },
      { label: 'Status', key: 'status', value: update.status, color: paint(update.status) },
      {
        label: 'Published',
        key: 'publicIncidentUpdateDate',
        value: published,
        display: whenDisplay(published, now),
        text: published ? absoluteTime(published) : undefined,
      },
      {
        label: 'Notified',
        key: 'notifySubscribers',
        value: update.notifySubscribers ?? false,
        display: update.notifySubscribers ? 'yes, subscribers were notified' : 'no',
        text: update.notifySubscribers ? 'yes, subscribers were notified' : 'no',
      },
      { label: 'Created', key: 'created_at', value: update.created_at },
    ],
    sections: [{ kind: 'text', key: 'description', text: update.description }],
  };
}
