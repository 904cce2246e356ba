import {
  getIncident,
  getIncidentRequest,
  postIncidentUpdate,
  postIncidentUpdateRequest,
} from '../../api/resources/incidents';
import { incidentUpdateBodySchema, type Incident, type IncidentUpdateBody } from '../../api/schemas/incidents';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { openIncidentPages } from '../../core/public-page';
import { incidentState } from '../../core/state';
import { runWrite, type WriteCtx } from '../../core/write';
import { checkBody } from '../../core/flags/parse';
import { askYesNo } from '../../core/flags/prompt';
import { templateValues } from '../../core/templates';
import type { Input } from '../../core/flags/spec';
import { colorValue, saySuccess } from '../../output/say';
import { notifiedText, printOutcome } from './shared/outcome';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { relativeTime } from '../../text/time';
import { startedAt } from '../../api/answers';
import { latestUpdate } from '../../api/subscribers';
import { incidentIdOrPicker, namedIncident, pickOpenIncident } from './shared/picker';
import { DEFAULT_RESOLVED_MESSAGE, RESOLVE } from './spec';
import { givenMessage, hasMessage, resolveMessage, type ResolvedMessage } from './shared/message';
import { incidentChanges, incidentLines, updateSummary } from './shared/summary';

type ResolveCtx = WriteCtx & Pick<Ctx, 'config'>;

/**
 * Posts a RESOLVED update; an incident that is already resolved is refused unless --force.
 * On a terminal, resolving from the picker, or with neither a message nor --notify/--no-notify
 * given, asks as `update` does: the message (the default text in the input, to edit; the
 * templates offered) and whether to notify (as the last update did), then confirms.
 */
export async function resolveIncidentRun(ctx: ResolveCtx, { flags, args }: Input<typeof RESOLVE>): Promise<void> {
  const given = await givenMessage(ctx, flags);
  const incidentId = incidentIdOrPicker(
    ctx,
    args.incidentId,
    'incidents resolve INCIDENT_ID --message "Payments work again."',
  );
  const client = await ctx.api();
  const named = incidentId === null ? undefined : (await namedIncident(client, incidentId)).incident;
  if (named) refuseResolved(named, flags.force);
  const asking = ctx.io.canPrompt() && (!named || (!hasMessage(given) && flags.notify === undefined));

  interface Answers {
    incident: Incident;
    message: ResolvedMessage;
    notify: boolean;
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => {
    const incident =
      named ?? (await pickOpenIncident(ctx, client, 'Which open incident is resolved?', previous?.incident.id));
    refuseResolved(incident, flags.force);
    const message =
      hasMessage(given) || asking
        ? await resolveMessage(ctx, given, RESOLVE.flags.message, {
            values: () => templateValues(incident, 'RESOLVED'),
            default: previous?.message.text ?? DEFAULT_RESOLVED_MESSAGE,
            template: previous?.message.template,
            fixedStatus: true,
          })
        : { text: DEFAULT_RESOLVED_MESSAGE };
    const lastNotified = latestUpdate(incident.incidentUpdates)?.notifySubscribers ?? false;
    const notify =
      flags.notify ??
      (asking ? await askYesNo(ctx, RESOLVE.flags.notify, { default: previous?.notify ?? lastNotified }) : false);
    return { incident, message, notify };
  };
  const bodyOf = (answers: Answers) =>
    checkBody(
      incidentUpdateBodySchema,
      { description: answers.message.text, status: 'RESOLVED', notifySubscribers: answers.notify },
      RESOLVE,
    );
  const send = async (incident: Incident, body: IncidentUpdateBody) => {
    const { update, raw: response } = await postIncidentUpdate(client, incident.id, body);
    const style = ctx.io.errStyle;
    saySuccess(
      ctx.io,
      `${colorValue(style, 'RESOLVED', 'Resolved')} "${style.bold(sanitize(incident.name))}", ` +
        `which started ${relativeTime(startedAt(incident), client.now())}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n` +
        style.dim(`  Incident ${sanitize(incident.id)} · update ${sanitize(update.id)}`),
    );
    await printOutcome(ctx, update.id, response);
    if (flags.web) await openIncidentPages({ ...ctx, embedded: usesEmbeddedSandbox(ctx) }, client, incident);
  };
  await runWrite(ctx, {
    ask,
    prompted: () => asking,
    refresh: async (answers) => {
      const incident = (await getIncident(client, answers.incident.id)).incident;
      refuseResolved(incident, flags.force);
      return { ...answers, incident };
    },
    plan: (answers) => {
      const { incident } = answers;
      const body = bodyOf(answers);
      return {
        target: { kind: 'incident', id: incident.id, name: incident.name },
        changes: incidentChanges(incident, undefined, body),
        requests: [postIncidentUpdateRequest(incident.id, body)],
        state: incidentState(incident, getIncidentRequest(incident.id).path),
        confirm: {
          title: 'About to resolve an incident:',
          lines: [...incidentLines(incident), ...updateSummary(incident, body)],
          question: 'Post this update?',
        },
        send: () => send(incident, body),
      };
    },
  });
}

function refuseResolved(incident: Incident, force: boolean | undefined): void {
  if (incident.lastUpdateStatus !== 'RESOLVED' || force) return;
  throw new UsageError(
    `Incident "${sanitize(incident.name)}" (${sanitize(incident.id)}) is already resolved; nothing was posted.`,
    (next) =>
      `Pass --force to post another RESOLVED update, or reopen it with ${next(`incidents update ${sanitize(incident.id)} --status INVESTIGATING --message "..."`)}.`,
  );
}
