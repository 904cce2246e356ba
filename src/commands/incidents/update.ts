import {
  getIncident,
  getIncidentRequest,
  postIncidentUpdate,
  postIncidentUpdateRequest,
  putIncident,
  putIncidentRequest,
} from '../../api/resources/incidents';
import { serviceDirectory } from '../../api/resources/statusPages';
import type { IncidentStatus } from '../../api/schemas/enums';
import {
  incidentPutBodySchema,
  incidentUpdateBodySchema,
  type Incident,
  type IncidentPutBody,
  type IncidentUpdateBody,
} from '../../api/schemas/incidents';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { openIncidentPages } from '../../core/public-page';
import { incidentState } from '../../core/state';
import { runWrite, type WriteCtx } from '../../core/write';
import { missingFlagsError } from '../../core/flags/convert';
import { checkBody } from '../../core/flags/parse';
import { askChoice, askYesNo } from '../../core/flags/prompt';
import { templateStatus, templateValues, type NamedTemplate } from '../../core/templates';
import type { Input } from '../../core/flags/spec';
import { colorValue, saySuccess } from '../../output/say';
import { notifiedText, printOutcome } from './shared/outcome';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { incidentIdOrPicker, namedIncident, pickOpenIncident } from './shared/picker';
import { UPDATE } from './spec';
import { givenMessage, hasMessage, resolveMessage, type ResolvedMessage } from './shared/message';
import { resolveServices, serviceBody } from './shared/services';
import { changeSummary, incidentChanges, incidentLines, updateSummary } from './shared/summary';

type UpdateCtx = WriteCtx & Pick<Ctx, 'config'>;

const EXAMPLE = 'incidents update INCIDENT_ID --status MONITORING --message "A fix is deployed; we are watching."';

/**
 * The outage command. --message/--status/--notify post a new incident update;
 * --name/--severity/--service change the incident (PUT with the current values for the
 * rest). The PUT goes first, so a refused change posts nothing.
 */
export async function updateIncidentRun(ctx: UpdateCtx, { flags, args }: Input<typeof UPDATE>): Promise<void> {
  const { io } = ctx;
  const given = await givenMessage(ctx, flags);
  const wantsUpdate = hasMessage(given) || flags.status !== undefined || flags.notify !== undefined;
  const wantsChange = flags.name !== undefined || flags.severity !== undefined || flags.service !== undefined;
  const incidentId = incidentIdOrPicker(ctx, args.incidentId, EXAMPLE);
  const askAll = !wantsUpdate && !wantsChange;
  if (askAll && !io.canPrompt()) {
    throw new UsageError(
      'Nothing to update: give --message (with --status, --notify) to post an update, or --name, --severity or --service to change the incident.',
      (next) => `For example: ${next(EXAMPLE)}`,
    );
  }
  if (wantsUpdate && !hasMessage(given) && !io.canPrompt()) throw missingFlagsError(['--message'], EXAMPLE);

  const client = await ctx.api();
  // Read once when named; picked (again on an edit round, the previous pick under the cursor) otherwise.
  const named = incidentId === null ? undefined : (await namedIncident(client, incidentId)).incident;
  const services = flags.service && resolveServices(await serviceDirectory(client), flags.service);
  const changeOf = (incident: Incident): IncidentPutBody | undefined =>
    wantsChange
      ? {
          name: flags.name ?? incident.name,
          severity: (flags.severity ?? incident.severity) as IncidentPutBody['severity'],
          services: services ?? incident.services.map((service) => serviceBody(service)),
        }
      : undefined;
  // A typed message (asked for, or all of it asked) also asks whether to notify.
  const typed = (askAll || wantsUpdate) && !hasMessage(given);

  interface Answers {
    incident: Incident;
    update?: { message: ResolvedMessage; status: IncidentStatus; notify: boolean };
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => {
    const incident = named ?? (await pickOpenIncident(ctx, client, 'Which open incident?', previous?.incident.id));
    if (!askAll && !wantsUpdate) return { incident };
    const change = changeOf(incident);
    const current = incident.lastUpdateStatus as IncidentStatus;
    // The status is always sent, so the update (and this command's report) says where the incident stands.
    const statusOf = (template?: NamedTemplate) => flags.status ?? templateStatus(template) ?? current;
    const before = previous?.update;
    const message = await resolveMessage(ctx, given, UPDATE.flags.message, {
      // What the placeholders of a template stand for: the incident as it will be.
      values: (template) => templateValues(change ?? incident, statusOf(template)),
      default: before?.message.text,
      template: before?.message.template,
    });
    // Asked after the message, so that a template's status is the one under the cursor.
    const sameTemplate = message.template?.name === before?.message.template?.name;
    const status = askAll
      ? await askChoice(ctx, UPDATE.flags.status, {
          current,
          preselected: (sameTemplate ? before?.status : undefined) ?? templateStatus(message.template),
        })
      : statusOf(message.template);
    const notify =
      flags.notify ?? (typed ? await askYesNo(ctx, UPDATE.flags.notify, { default: before?.notify }) : false);
    return { incident, update: { message, status, notify } };
  };
  const bodies = ({ incident, update }: Answers) => {
    const change = changeOf(incident);
    return {
      putBody: change && checkBody(incidentPutBodySchema, change, UPDATE),
      postBody:
        update &&
        checkBody(
          incidentUpdateBodySchema,
          { description: update.message.text, status: update.status, notifySubscribers: update.notify },
          UPDATE,
        ),
    };
  };
  const send = async ({ incident }: Answers, putBody?: IncidentPutBody, postBody?: IncidentUpdateBody) => {
    const current = incident.lastUpdateStatus as IncidentStatus;
    let changed: { incident: Incident; raw: unknown } | undefined;
    if (putBody) {
      changed = await putIncident(client, incident.id, putBody);
      reportChange(ctx, incident, changed.incident);
    }
    if (postBody) {
      const posted = await postIncidentUpdate(client, incident.id, postBody);
      const name = changed?.incident.name ?? incident.name;
      const status = posted.update.status ?? postBody.status;
      const style = io.errStyle;
      const was = status !== current ? ` (was ${colorValue(style, current)})` : '';
      saySuccess(
        io,
        `Posted an update to "${style.bold(sanitize(name))}": ${colorValue(style, status)}${was}. ` +
          `${notifiedText(posted.update.notifySubscribers ?? postBody.notifySubscribers)}\n` +
          style.dim(`  Incident ${sanitize(incident.id)} · update ${sanitize(posted.update.id)}`),
      );
      await printOutcome(ctx, posted.update.id, posted.raw);
    } else {
      await printOutcome(ctx, incident.id, changed!.raw);
    }
    if (flags.web) {
      await openIncidentPages({ ...ctx, embedded: usesEmbeddedSandbox(ctx) }, client, changed?.incident ?? incident);
    }
  };
  await runWrite(ctx, {
    ask,
    prompted: () => incidentId === null || typed,
    // Another responder changed it while the confirmation was open: the plan is made again on it as it is.
    refresh: async (answers) => ({ ...answers, incident: (await getIncident(client, answers.incident.id)).incident }),
    plan: (answers) => {
      const { incident } = answers;
      const { putBody, postBody } = bodies(answers);
      return {
        target: { kind: 'incident', id: incident.id, name: incident.name },
        changes: incidentChanges(incident, putBody, postBody),
        requests: [
          ...(putBody ? [putIncidentRequest(incident.id, putBody)] : []),
          ...(postBody ? [postIncidentUpdateRequest(incident.id, postBody)] : []),
        ],
        state: incidentState(incident, getIncidentRequest(incident.id).path),
        confirm: {
          title: postBody ? 'About to post an update:' : 'About to change an incident:',
          lines: [
            ...incidentLines(incident),
            ...(putBody ? changeSummary(incident, putBody) : []),
            ...(postBody ? updateSummary(incident, postBody, answers.update?.message.template) : []),
          ],
          question: postBody ? 'Post this update?' : 'Save these changes?',
        },
        send: () => send(answers, putBody, postBody),
      };
    },
  });
}

/** "✓ Changed "X": severity MAJOR → CRITICAL; services Public API → Public API, Web app." */
function reportChange(ctx: Pick<Ctx, 'io'>, before: Incident, after: Incident): void {
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (after.name !== before.name) parts.push(`name "${sanitize(before.name)}" → "${sanitize(after.name)}"`);
  if (after.severity !== before.severity) {
    parts.push(`severity ${colorValue(style, before.severity)} → ${colorValue(style, after.severity)}`);
  }
  const names = (incident: Incident) => sanitize(incident.services.map((service) => service.name).join(', '));
  if (names(after) !== names(before)) parts.push(`services ${names(before)} → ${names(after)}`);
  const what = parts.length ? parts.join('; ') : 'nothing was different';
  saySuccess(ctx.io, `Changed incident "${style.bold(sanitize(after.name))}": ${what}.`);
}
