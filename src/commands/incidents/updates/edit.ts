import { getIncidentUpdate, putIncidentUpdate, putIncidentUpdateRequest } from '../../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../../api/schemas/incidents';
import { confirmPost } from '../../../core/confirm';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody } from '../../../core/flags/parse';
import type { Input } from '../../../core/flags/spec';
import { done, printOutcome } from '../../../core/outcome';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { colorStatus } from '../columns';
import { updateTarget } from '../picker';
import { UPDATES_EDIT } from '../spec';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

/**
 * `updates edit`: PUT .../incident-updates/{id}. The API needs the description in every
 * PUT, so the current update is read first and what was not given is sent unchanged.
 */
export async function editUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_EDIT>): Promise<void> {
  const changes = {
    ...(flags.message !== undefined ? { description: flags.message } : {}),
    ...(flags.status !== undefined ? { status: flags.status } : {}),
    ...(flags.notify !== undefined ? { notifySubscribers: flags.notify } : {}),
    ...(flags.date !== undefined ? { publicIncidentUpdateDate: flags.date.toISOString() } : {}),
  };
  const example = `mon incidents updates edit ${args.incidentId ?? 'INCIDENT_ID'} ${args.updateId ?? 'UPDATE_ID'} --message "Corrected text"`;
  if (!Object.keys(changes).length) {
    throw new UsageError(
      'Nothing to change: give --message, --status, --notify/--no-notify or --date.',
      `For example: ${example}`,
    );
  }
  const client = await ctx.api();
  const { incidentId, updateId, picked } = await updateTarget(ctx, client, args, example);
  const { update: current } = await getIncidentUpdate(client, incidentId, updateId);
  const merged = {
    description: current.description,
    ...(current.status ? { status: current.status } : {}),
    ...(current.publicIncidentUpdateDate ? { publicIncidentUpdateDate: current.publicIncidentUpdateDate } : {}),
    ...(current.notifySubscribers !== undefined ? { notifySubscribers: current.notifySubscribers } : {}),
    ...changes,
  };
  const body = checkBody(incidentUpdateBodySchema, merged, UPDATES_EDIT);
  await confirmPost(ctx, {
    prompted: picked,
    yes: flags.yes,
    dryRun: flags.dryRun,
    title: `About to edit update ${sanitize(updateId)} of incident ${sanitize(incidentId)}:`,
    lines: [
      [
        'Status',
        body.status === current.status
          ? `${body.status ?? '—'} (unchanged)`
          : `${current.status ?? '—'} → ${body.status}`,
      ],
      ['Message', body.description === current.description ? '(unchanged)' : body.description],
      ['Notify', body.notifySubscribers ? 'yes, subscribers are notified' : 'no'],
    ],
    question: 'Save this change?',
  });
  if (flags.dryRun) return printDryRun(ctx, putIncidentUpdateRequest(incidentId, updateId, body));

  const { update, raw: response } = await putIncidentUpdate(client, incidentId, updateId, body);
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (update.description !== current.description) parts.push('message replaced');
  if (update.status !== current.status)
    parts.push(`status ${colorStatus(style, current.status ?? '—')} → ${colorStatus(style, update.status ?? '—')}`);
  if (update.publicIncidentUpdateDate !== current.publicIncidentUpdateDate)
    parts.push(`published at ${sanitize(update.publicIncidentUpdateDate ?? '—')}`);
  if (update.notifySubscribers !== current.notifySubscribers)
    parts.push(`notifySubscribers ${String(update.notifySubscribers ?? false)}`);
  ctx.io.err(
    `${done(ctx)} Edited update ${sanitize(update.id)} of incident ${sanitize(incidentId)}: ` +
      `${parts.length ? parts.join('; ') : 'nothing was different'}.\n`,
  );
  await printOutcome(ctx, update.id, response);
}
