import { postIncidentUpdate, postIncidentUpdateRequest } from '../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../api/schemas/incidents';
import { confirmPost } from '../../core/confirm';
import type { Ctx } from '../../core/context';
import { printDryRun } from '../../core/dry-run';
import { checkBody } from '../../core/flags/parse';
import { givenMessage, hasMessage, resolveMessage } from '../../core/message';
import type { Input } from '../../core/flags/spec';
import { done, notifiedText, printOutcome } from '../../core/outcome';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { relativeTime } from '../../text/time';
import { colorStatus, startedAt } from './columns';
import { incidentIdOrPicker, incidentOrPick } from './picker';
import { DEFAULT_RESOLVED_MESSAGE, RESOLVE } from './spec';
import { updateSummary } from './summary';

type ResolveCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now' | 'config' | 'env'>;

/** Posts a RESOLVED update; an incident that is already resolved is refused unless --force. */
export async function resolveIncidentRun(ctx: ResolveCtx, { flags, args }: Input<typeof RESOLVE>): Promise<void> {
  const given = await givenMessage(ctx, flags);
  const incidentId = incidentIdOrPicker(
    ctx,
    args.incidentId,
    'mon incidents resolve INCIDENT_ID --message "Payments work again."',
  );
  const client = await ctx.api();
  const { incident, picked } = await incidentOrPick(ctx, client, incidentId, 'Which open incident is resolved?');
  if (incident.lastUpdateStatus === 'RESOLVED' && !flags.force) {
    throw new UsageError(
      `Incident "${sanitize(incident.name)}" (${sanitize(incident.id)}) is already resolved; nothing was posted.`,
      `Pass --force to post another RESOLVED update, or reopen it with \`mon incidents update ${sanitize(incident.id)} --status INVESTIGATING --message "..."\`.`,
    );
  }
  const body = checkBody(
    incidentUpdateBodySchema,
    {
      description: hasMessage(given)
        ? await resolveMessage(ctx, given, RESOLVE.flags.message, {
            name: incident.name,
            services: incident.services.map((service) => service.name).join(', '),
            severity: incident.severity.toLowerCase(),
            status: 'resolved',
          })
        : DEFAULT_RESOLVED_MESSAGE,
      status: 'RESOLVED',
      notifySubscribers: flags.notify ?? false,
    },
    RESOLVE,
  );
  await confirmPost(ctx, {
    prompted: picked,
    yes: flags.yes,
    dryRun: flags.dryRun,
    title: `About to resolve "${sanitize(incident.name)}" (${sanitize(incident.severity)}, on ${sanitize(incident.services.map((service) => service.name).join(', '))}):`,
    lines: updateSummary(incident, body),
    question: 'Post this update?',
  });
  if (flags.dryRun) return printDryRun(ctx, postIncidentUpdateRequest(incident.id, body));

  const { update, raw: response } = await postIncidentUpdate(client, incident.id, body);
  const style = ctx.io.errStyle;
  ctx.io.err(
    `${done(ctx)} ${colorStatus(style, 'RESOLVED', 'Resolved')} "${style.bold(sanitize(incident.name))}", ` +
      `which started ${relativeTime(startedAt(incident), ctx.now())}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n` +
      style.dim(`  Incident ${sanitize(incident.id)} · update ${sanitize(update.id)}\n`),
  );
  await printOutcome(ctx, update.id, response);
}
