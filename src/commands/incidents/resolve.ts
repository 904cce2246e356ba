import { z } from 'zod';
import { getIncident, postIncidentUpdate, postIncidentUpdateRequest } from '../../api/resources/incidents';
import { pathIdSchema } from '../../api/schemas/common';
import { incidentUpdateBodySchema } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { relativeTime } from '../../text/time';
import { sanitize } from '../../text/escape';
import { printDryRun } from '../../core/dry-run';
import { parseOptions } from '../../core/flags/parse';
import { colorStatus, startedAt } from './columns';
import {
  FLAG_NAMES,
  done,
  incidentIdOrPicker,
  messageOption,
  notifiedText,
  pickOpenIncident,
  printOutcome,
} from './shared';

type ResolveCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

export const DEFAULT_RESOLVED_MESSAGE = 'This incident has been resolved.';

const optionsSchema = z.object({
  incidentId: pathIdSchema.optional(),
  message: messageOption.default(DEFAULT_RESOLVED_MESSAGE),
  notify: z.boolean().default(false),
  force: z.boolean().optional(),
  dryRun: z.boolean().optional(),
});

/** Posts a RESOLVED update; an incident that is already resolved is refused unless --force. */
export async function resolveIncidentRun(ctx: ResolveCtx, raw: Record<string, unknown>, id?: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, { ...raw, incidentId: id }, FLAG_NAMES);
  const incidentId = incidentIdOrPicker(
    ctx,
    options.incidentId,
    'mon incidents resolve INCIDENT_ID --message "Payments work again."',
  );
  const client = await ctx.api();
  const incident =
    incidentId === null
      ? await pickOpenIncident(ctx, client, 'Which open incident is resolved?')
      : (await getIncident(client, incidentId)).incident;
  if (incident.lastUpdateStatus === 'RESOLVED' && !options.force) {
    throw new UsageError(
      `Incident "${sanitize(incident.name)}" (${sanitize(incident.id)}) is already resolved; nothing was posted.`,
      `Pass --force to post another RESOLVED update, or reopen it with \`mon incidents update ${sanitize(incident.id)} --status INVESTIGATING --message "..."\`.`,
    );
  }
  const body = parseOptions(
    incidentUpdateBodySchema,
    { description: options.message, status: 'RESOLVED', notifySubscribers: options.notify },
    FLAG_NAMES,
  );
  if (options.dryRun) return printDryRun(ctx, postIncidentUpdateRequest(incident.id, body));

  const { update, raw: response } = await postIncidentUpdate(client, incident.id, body);
  const style = ctx.io.errStyle;
  ctx.io.err(
    `${done(ctx)} ${colorStatus(style, 'RESOLVED', 'Resolved')} "${style.bold(sanitize(incident.name))}", ` +
      `which started ${relativeTime(startedAt(incident), ctx.now())}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n` +
      style.dim(`  Incident ${sanitize(incident.id)} · update ${sanitize(update.id)}\n`),
  );
  printOutcome(ctx, update.id, response);
}
