import { getIncidentUpdate, putIncidentUpdate, putIncidentUpdateRequest } from '../../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody } from '../../../core/flags/parse';
import type { Input } from '../../../core/flags/spec';
import { done, printOutcome } from '../../../core/outcome';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { colorStatus } from '../columns';
import { UPDATES_EDIT } from '../spec';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

/**
 * `updates edit`: PUT .../incident-updates/{id}. The API needs the description in every
 * PUT, so the current update is read first and what was not given is sent unchanged.
 */
export async function editUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_EDIT>): Promise<void> {
  const options = { ...flags, ...args };
  const changes = {
    ...(options.message !== undefined ? { description: options.message } : {}),
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.notify !== undefined ? { notifySubscribers: options.notify } : {}),
    ...(options.date !== undefined ? { publicIncidentUpdateDate: options.date.toISOString() } : {}),
  };
  if (!Object.keys(changes).length) {
    throw new UsageError(
      'Nothing to change: give --message, --status, --notify/--no-notify or --date.',
      `For example: mon incidents updates edit ${options.incidentId} ${options.updateId} --message "Corrected text"`,
    );
  }
  const client = await ctx.api();
  const { update: current } = await getIncidentUpdate(client, options.incidentId, options.updateId);
  const merged = {
    description: current.description,
    ...(current.status ? { status: current.status } : {}),
    ...(current.publicIncidentUpdateDate ? { publicIncidentUpdateDate: current.publicIncidentUpdateDate } : {}),
    ...(current.notifySubscribers !== undefined ? { notifySubscribers: current.notifySubscribers } : {}),
    ...changes,
  };
  const body = checkBody(incidentUpdateBodySchema, merged, UPDATES_EDIT);
  if (options.dryRun) return printDryRun(ctx, putIncidentUpdateRequest(options.incidentId, options.updateId, body));

  const { update, raw: response } = await putIncidentUpdate(client, options.incidentId, options.updateId, body);
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (update.description !== current.description) parts.push('message replaced');
  if (update.status !== current.status)
    parts.push(`status ${colorStatus(style, current.status ?? '—')} → ${colorStatus(style, update.status ?? '—')}`);
  if (update.publicIncidentUpdateDate !== current.publicIncidentUpdateDate)
    parts.push(`published at ${update.publicIncidentUpdateDate ?? '—'}`);
  if (update.notifySubscribers !== current.notifySubscribers)
    parts.push(`notifySubscribers ${String(update.notifySubscribers ?? false)}`);
  ctx.io.err(
    `${done(ctx)} Edited update ${sanitize(update.id)} of incident ${sanitize(options.incidentId)}: ` +
      `${parts.length ? parts.join('; ') : 'nothing was different'}.\n`,
  );
  printOutcome(ctx, update.id, response);
}
