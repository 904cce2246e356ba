import { postIncidentUpdate, postIncidentUpdateRequest } from '../../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../../api/schemas/incidents';
import { confirmPost } from '../../../core/confirm';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody, missingFlagsError } from '../../../core/flags/parse';
import { askText } from '../../../core/flags/prompt';
import type { Input } from '../../../core/flags/spec';
import { done, notifiedText, printOutcome } from '../../../core/outcome';
import { sanitize } from '../../../text/escape';
import { colorStatus } from '../columns';
import { incidentIdOrPicker, incidentOrPick } from '../picker';
import { resolveIncidentId } from '../prefix';
import { UPDATES_CREATE } from '../spec';
import { updateSummary } from '../summary';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

/** `updates create`: POST .../incident-updates, one to one (no --status: the server keeps the incident's). */
export async function createUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_CREATE>): Promise<void> {
  const example = `mon incidents updates create ${args.incidentId ?? 'INCIDENT_ID'} --message "We found the cause."`;
  const id = incidentIdOrPicker(ctx, args.incidentId, example);
  if (flags.message === undefined && !ctx.io.canPrompt()) throw missingFlagsError(['--message'], example);
  const client = await ctx.api();
  // Scripts give everything as flags: one POST. Only a prompted update reads the incident (to show what it posts to).
  const interactive = id === null || flags.message === undefined;
  const chosen = interactive ? await incidentOrPick(ctx, client, id, 'Which open incident?') : undefined;
  const incidentId = chosen?.incident.id ?? (await resolveIncidentId(client, id!));
  const description = flags.message ?? (await askText(ctx, UPDATES_CREATE.flags.message));
  const body = checkBody(
    incidentUpdateBodySchema,
    {
      description,
      ...(flags.status ? { status: flags.status } : {}),
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
  printOutcome(ctx, update.id, response);
}
