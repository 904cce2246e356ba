import { postIncidentUpdate, postIncidentUpdateRequest } from '../../../api/resources/incidents';
import { incidentUpdateBodySchema } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody, missingFlagsError } from '../../../core/flags/parse';
import { askText } from '../../../core/flags/prompt';
import type { Input } from '../../../core/flags/spec';
import { done, notifiedText, printOutcome } from '../../../core/outcome';
import { sanitize } from '../../../text/escape';
import { colorStatus } from '../columns';
import { UPDATES_CREATE } from '../spec';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

/** `updates create`: POST .../incident-updates, one to one (no --status: the server keeps the incident's). */
export async function createUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_CREATE>): Promise<void> {
  const { incidentId } = args;
  if (flags.message === undefined && !ctx.io.canPrompt()) {
    throw missingFlagsError(
      ['--message'],
      `mon incidents updates create ${incidentId} --message "We found the cause."`,
    );
  }
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
  if (flags.dryRun) return printDryRun(ctx, postIncidentUpdateRequest(incidentId, body));

  const { update, raw: response } = await postIncidentUpdate(await ctx.api(), incidentId, body);
  const style = ctx.io.errStyle;
  ctx.io.err(
    `${done(ctx)} Posted update ${sanitize(update.id)} to incident ${sanitize(incidentId)}: ` +
      `${colorStatus(style, update.status ?? '—')}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n`,
  );
  printOutcome(ctx, update.id, response);
}
