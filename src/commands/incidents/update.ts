import { z } from 'zod';
import type { ApiRequest } from '../../api/client';
import {
  getIncident,
  postIncidentUpdate,
  postIncidentUpdateRequest,
  putIncident,
  putIncidentRequest,
} from '../../api/resources/incidents';
import { pathIdSchema } from '../../api/schemas/common';
import {
  incidentPutBodySchema,
  incidentUpdateBodySchema,
  type Incident,
  type IncidentPutBody,
  type IncidentStatus,
  type IncidentUpdateBody,
} from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { printDryRuns } from '../../core/dry-run';
import { parseOptions } from '../../core/flags/parse';
import { colorSeverity, colorStatus } from './columns';
import {
  FLAG_NAMES,
  done,
  incidentIdOrPicker,
  messageOption,
  missingFlags,
  nameOption,
  notifiedText,
  pickOpenIncident,
  printOutcome,
  promptMessage,
  promptNotify,
  promptStatus,
  resolveServices,
  serviceBody,
  serviceDirectory,
  serviceIdsOption,
  severityOption,
  statusOption,
} from './shared';

type UpdateCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

const optionsSchema = z.object({
  incidentId: pathIdSchema.optional(),
  message: messageOption.optional(),
  status: statusOption.optional(),
  notify: z.boolean().optional(),
  name: nameOption.optional(),
  severity: severityOption.optional(),
  service: serviceIdsOption.optional(),
  dryRun: z.boolean().optional(),
});

const EXAMPLE = 'mon incidents update INCIDENT_ID --status MONITORING --message "A fix is deployed; we are watching."';

/**
 * The outage command. --message/--status/--notify post a new incident update;
 * --name/--severity/--service change the incident (PUT with the current values for the
 * rest). The PUT goes first, so a refused change posts nothing.
 */
export async function updateIncidentRun(ctx: UpdateCtx, raw: Record<string, unknown>, id?: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, { ...raw, incidentId: id }, FLAG_NAMES);
  const { io } = ctx;
  const wantsUpdate = options.message !== undefined || options.status !== undefined || options.notify !== undefined;
  const wantsChange = options.name !== undefined || options.severity !== undefined || options.service !== undefined;
  const incidentId = incidentIdOrPicker(ctx, options.incidentId, EXAMPLE);
  const askAll = !wantsUpdate && !wantsChange;
  if (askAll && !io.canPrompt()) {
    throw new UsageError(
      'Nothing to update: give --message (with --status, --notify) to post an update, or --name, --severity or --service to change the incident.',
      `For example: ${EXAMPLE}`,
    );
  }
  if (wantsUpdate && options.message === undefined && !io.canPrompt()) {
    throw missingFlags(['--message'], EXAMPLE);
  }

  const client = await ctx.api();
  const incident =
    incidentId === null
      ? await pickOpenIncident(ctx, client, 'Which open incident?')
      : (await getIncident(client, incidentId)).incident;
  const services = options.service && resolveServices(await serviceDirectory(client), options.service);

  const current = incident.lastUpdateStatus as IncidentStatus;
  let update: IncidentUpdateBody | undefined;
  if (askAll) {
    const status = await promptStatus(ctx, current);
    const description = await promptMessage(ctx);
    update = { description, status, notifySubscribers: await promptNotify(ctx) };
  } else if (wantsUpdate) {
    const typed = options.message === undefined;
    const description = options.message ?? (await promptMessage(ctx));
    const notify = options.notify ?? (typed ? await promptNotify(ctx) : false);
    // The status is always sent, so the update (and this command's report) says where the incident stands.
    update = { description, status: options.status ?? current, notifySubscribers: notify };
  }
  const change: IncidentPutBody | undefined = wantsChange
    ? {
        name: options.name ?? incident.name,
        severity: (options.severity ?? incident.severity) as IncidentPutBody['severity'],
        services: services ?? incident.services.map((service) => serviceBody(service)),
      }
    : undefined;

  const putBody = change && parseOptions(incidentPutBodySchema, change, FLAG_NAMES);
  const postBody = update && parseOptions(incidentUpdateBodySchema, update, FLAG_NAMES);
  if (options.dryRun) {
    const requests: ApiRequest[] = [];
    if (putBody) requests.push(putIncidentRequest(incident.id, putBody));
    if (postBody) requests.push(postIncidentUpdateRequest(incident.id, postBody));
    return printDryRuns(ctx, requests);
  }

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
    const was = status !== current ? ` (was ${colorStatus(style, current)})` : '';
    io.err(
      `${done(ctx)} Posted an update to "${style.bold(sanitize(name))}": ${colorStatus(style, status)}${was}. ` +
        `${notifiedText(posted.update.notifySubscribers ?? postBody.notifySubscribers)}\n` +
        style.dim(`  Incident ${sanitize(incident.id)} · update ${sanitize(posted.update.id)}\n`),
    );
    printOutcome(ctx, posted.update.id, posted.raw);
    return;
  }
  printOutcome(ctx, incident.id, changed!.raw);
}

/** "✓ Changed "X": severity MAJOR → CRITICAL; services Public API → Public API, Web app." */
function reportChange(ctx: Pick<Ctx, 'io'>, before: Incident, after: Incident): void {
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (after.name !== before.name) parts.push(`name "${sanitize(before.name)}" → "${sanitize(after.name)}"`);
  if (after.severity !== before.severity) {
    parts.push(`severity ${colorSeverity(style, before.severity)} → ${colorSeverity(style, after.severity)}`);
  }
  const names = (incident: Incident) => sanitize(incident.services.map((service) => service.name).join(', '));
  if (names(after) !== names(before)) parts.push(`services ${names(before)} → ${names(after)}`);
  const what = parts.length ? parts.join('; ') : 'nothing was different';
  ctx.io.err(`${done(ctx)} Changed incident "${style.bold(sanitize(after.name))}": ${what}.\n`);
}
