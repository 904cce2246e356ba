import {
  getIncident,
  getIncidentRequest,
  postIncidentUpdate,
  postIncidentUpdateRequest,
} from '../../../api/resources/incidents';
import { incidentUpdateBodySchema, type Incident, type IncidentUpdateBody } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import { incidentState } from '../../../core/state';
import { runWrite, type WriteCtx } from '../../../core/write';
import { missingFlagsError } from '../../../core/flags/convert';
import { checkBody } from '../../../core/flags/parse';
import { templateStatus, templateValues, type NamedTemplate } from '../../../core/templates';
import type { Input } from '../../../core/flags/spec';
import { colorValue, saySuccess } from '../../../output/say';
import { notifiedText, printOutcome } from '../shared/outcome';
import { sanitize } from '../../../text/escape';
import { incidentIdOrPicker, namedIncident, pickOpenIncident } from '../shared/picker';
import { resolveIncidentId } from '../shared/prefix';
import { UPDATES_CREATE } from '../spec';
import { givenMessage, hasMessage, resolveMessage, type ResolvedMessage } from '../shared/message';
import { incidentLines, incidentWords, updateSummary, updateWords } from '../shared/summary';

type UpdatesCtx = WriteCtx & Pick<Ctx, 'config'>;

/** `updates create`: POST .../incident-updates, one to one (no --status: the server keeps the incident's). */
export async function createUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_CREATE>): Promise<void> {
  const example = `incidents updates create ${args.incidentId ?? 'INCIDENT_ID'} --message "We found the cause."`;
  const given = await givenMessage(ctx, flags);
  const id = incidentIdOrPicker(ctx, args.incidentId, example);
  if (!hasMessage(given) && !ctx.io.canPrompt()) throw missingFlagsError(['--message'], example);
  const client = await ctx.api();
  // Scripts give everything as flags: one POST. Only a prompted update reads the incident (to
  // show what it posts to), and a template (its placeholders need it).
  const interactive = id === null || !hasMessage(given);
  const named = id !== null && (interactive || given.template) ? (await namedIncident(client, id)).incident : undefined;
  const statusOf = (template?: NamedTemplate) => flags.status ?? templateStatus(template);

  interface Answers {
    incident?: Incident;
    message: ResolvedMessage;
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => {
    const incident =
      id === null ? await pickOpenIncident(ctx, client, 'Which open incident?', previous?.incident?.id) : named;
    const message = await resolveMessage(ctx, given, UPDATES_CREATE.flags.message, {
      values: (template) => templateValues(incident, statusOf(template) ?? incident?.lastUpdateStatus),
      default: previous?.message.text,
      template: previous?.message.template,
    });
    return { incident, message };
  };
  const bodyOf = ({ message }: Answers) => {
    const status = statusOf(message.template);
    return checkBody(
      incidentUpdateBodySchema,
      {
        description: message.text,
        ...(status ? { status } : {}),
        notifySubscribers: flags.notify ?? false,
        ...(flags.date ? { publicIncidentUpdateDate: flags.date.toISOString() } : {}),
      },
      UPDATES_CREATE,
    );
  };
  const send = async (incidentId: string, chosen: Incident | undefined, body: IncidentUpdateBody) => {
    const { update, raw: response } = await postIncidentUpdate(client, incidentId, body);
    const style = ctx.io.errStyle;
    const name = chosen ? `"${style.bold(sanitize(chosen.name))}"` : `incident ${sanitize(incidentId)}`;
    saySuccess(
      ctx.io,
      `Posted update ${sanitize(update.id)} to ${name}: ` +
        `${colorValue(style, update.status ?? '—')}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}`,
    );
    await printOutcome(ctx, update.id, response);
  };
  await runWrite(ctx, {
    ask,
    prompted: () => interactive,
    refresh: async (answers) =>
      answers.incident ? { ...answers, incident: (await getIncident(client, answers.incident.id)).incident } : answers,
    plan: async (answers, shown) => {
      // A plan names the incident and binds its state: read it, if it was not read yet.
      const incident = answers.incident ?? (shown ? (await namedIncident(client, id!)).incident : undefined);
      const incidentId = incident?.id ?? (await resolveIncidentId(client, id!));
      const body = bodyOf(answers);
      return {
        ...(incident ? { target: { kind: 'incident' as const, id: incident.id, name: incident.name } } : {}),
        changes: [
          incident
            ? `${incidentWords(incident)}: ${updateWords(incident.lastUpdateStatus, body)}`
            : `Incident ${incidentId}: ${updateWords(undefined, body)}`,
        ],
        requests: [postIncidentUpdateRequest(incidentId, body)],
        ...(incident ? { state: incidentState(incident, getIncidentRequest(incident.id).path) } : {}),
        confirm: {
          title: 'About to post an update:',
          lines: incident
            ? [...incidentLines(incident), ...updateSummary(incident, body, answers.message.template)]
            : [],
          question: 'Post this update?',
        },
        send: () => send(incidentId, answers.incident, body),
      };
    },
  });
}
