import { getIncident, postIncidentUpdate, postIncidentUpdateRequest } from '../../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../../api/schemas/incidents';
import { confirmPost } from '../../../core/confirm';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody, missingFlagsError } from '../../../core/flags/parse';
import { givenMessage, hasMessage, resolveMessage, templateStatus } from '../../../core/message';
import type { Input } from '../../../core/flags/spec';
import { done, notifiedText, printOutcome } from '../../../core/outcome';
import { sanitize } from '../../../text/escape';
import { colorStatus } from '../columns';
import { incidentIdOrPicker, incidentOrPick } from '../picker';
import { resolveIncidentId } from '../prefix';
import { UPDATES_CREATE } from '../spec';
import { updateSummary } from '../summary';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now' | 'config' | 'env'>;

/** `updates create`: POST .../incident-updates, one to one (no --status: the server keeps the incident's). */
export async function createUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_CREATE>): Promise<void> {
  const example = `mon incidents updates create ${args.incidentId ?? 'INCIDENT_ID'} --message "We found the cause."`;
  const given = await givenMessage(ctx, flags);
  const id = incidentIdOrPicker(ctx, args.incidentId, example);
  if (!hasMessage(given) && !ctx.io.canPrompt()) throw missingFlagsError(['--message'], example);
  const client = await ctx.api();
  // Scripts give everything as flags: one POST. Only a prompted update reads the incident (to show what it posts to).
  const interactive = id === null || !hasMessage(given);
  const chosen = interactive ? await incidentOrPick(ctx, client, id, 'Which open incident?') : undefined;
  const incidentId = chosen?.incident.id ?? (await resolveIncidentId(client, id!));
  const status = flags.status ?? templateStatus(given);
  // A template's placeholders need the incident: read it then (one GET), not for a plain message.
  const incident = chosen?.incident ?? (given.template ? (await getIncident(client, incidentId)).incident : undefined);
  const description = await resolveMessage(ctx, given, UPDATES_CREATE.flags.message, {
    name: incident?.name ?? '',
    services: incident?.services.map((service) => service.name).join(', ') ?? '',
    severity: incident?.severity.toLowerCase() ?? '',
    status: (status ?? incident?.lastUpdateStatus ?? '').toLowerCase(),
  });
  const body = checkBody(
    incidentUpdateBodySchema,
    {
      description,
      ...(status ? { status } : {}),
      notifySubscribers: flags.notify ?? false,
      ...(flags.date ? { publicIncidentUpdateDate: flags.date.toISOString() } : {}),
    },
    UPDATES_CREATE,
  );
  if (chosen) {
    await confirmPost(ctx, {
      prompted: true,
      yes: flags.yes,
      dryRun: flags.dryRun,
      title: `About to post an update to "${sanitize(chosen.incident.name)}":`,
      lines: updateSummary(chosen.incident, body),
      question: 'Post this update?',
    });
  }
  if (flags.dryRun) return printDryRun(ctx, postIncidentUpdateRequest(incidentId, body));

  const { update, raw: response } = await postIncidentUpdate(client, incidentId, body);
  const style = ctx.io.errStyle;
  const name = chosen ? `"${style.bold(sanitize(chosen.incident.name))}"` : `incident ${sanitize(incidentId)}`;
  ctx.io.err(
    `${done(ctx)} Posted update ${sanitize(update.id)} to ${name}: ` +
      `${colorStatus(style, update.status ?? '—')}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n`,
  );
  await printOutcome(ctx, update.id, response);
}
