import {
  createIncident,
  createIncidentRequest,
  getIncident,
  getIncidentRequest,
  postIncidentUpdate,
  postIncidentUpdateRequest,
} from '../../api/resources/incidents';
import { serviceDirectory } from '../../api/resources/statusPages';
import { latestUpdate } from '../../api/subscribers';
import type { IncidentStatus } from '../../api/schemas/enums';
import { incidentCreateBodySchema, incidentUpdateBodySchema, type Incident } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { missingFlagsError } from '../../core/flags/convert';
import { checkBody } from '../../core/flags/parse';
import { flagName, type Input } from '../../core/flags/spec';
import { incidentState } from '../../core/state';
import { runWrite, type WriteCtx } from '../../core/write';
import { showOutcome } from '../../output/present';
import { sayNote, saySuccess } from '../../output/say';
import { sanitize } from '../../text/escape';
import { findIncidents } from './shared/find';
import { resolveServices } from './shared/services';
import { incidentWords, updateWords } from './shared/summary';
import { ENSURE } from './spec';

const EXAMPLE =
  'incidents ensure --name "Checkout errors" --severity major --service Checkout --message "Payments fail."';

export type EnsureAction = 'created' | 'updated' | 'unchanged';

const sameServices = (incident: Incident, ids: ReadonlySet<string>) =>
  incident.services.length === ids.size && incident.services.every((service) => ids.has(service.id));

/**
 * `mon incidents ensure`: the open incident with this name (in any case) on these services,
 * reused (an update only when the message or status differs from its last one), else created.
 */
export async function ensureIncidentRun(ctx: WriteCtx, { flags }: Input<typeof ENSURE>): Promise<void> {
  const missing = (['name', 'severity', 'service'] as const)
    .filter((key) => flags[key] === undefined)
    .map((key) => flagName(key, ENSURE.flags[key]));
  if (missing.length) throw missingFlagsError(missing, EXAMPLE, 'ensure never asks, even at a terminal');
  const name = flags.name!;
  const client = await ctx.api();
  const services = resolveServices(await serviceDirectory(client), flags.service!);
  const ids = new Set(services.map((service) => service.id));
  const { entries: open } = await findIncidents(client, {
    filter: { status: 'open', services: ids },
    limit: Number.MAX_SAFE_INTEGER,
  });
  const wanted = name.trim().toLowerCase();
  const same = open
    .filter((incident) => incident.name.trim().toLowerCase() === wanted && sameServices(incident, ids))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const notify = flags.notify ?? false;

  if (!same.length) {
    const status: IncidentStatus = flags.status ?? 'INVESTIGATING';
    const body = checkBody(
      incidentCreateBodySchema,
      {
        name,
        severity: flags.severity!,
        services,
        incidentUpdates: [{ description: flags.message ?? name, status, notifySubscribers: notify }],
      },
      ENSURE,
    );
    const servicesText = services.map((service) => service.name).join(', ');
    return runWrite(ctx, {
      answers: body,
      plan: () => ({
        changes: [
          `A new incident "${body.name}" (${body.severity}, on ${servicesText}), its first update: ${updateWords(undefined, body.incidentUpdates[0]!)}`,
        ],
        requests: [createIncidentRequest(body)],
        confirm: { title: 'About to open an incident:', question: 'Open this incident?' },
        send: async () => {
          const { incident, raw } = await createIncident(client, body);
          saySuccess(
            ctx.io,
            `Created incident "${sanitize(incident.name)}" (${sanitize(incident.id)}): ${sanitize(incident.severity)}, ${sanitize(incident.lastUpdateStatus)}, on ${sanitize(servicesText)}.`,
          );
          await printEnsured(ctx, 'created', incident.id, raw);
        },
      }),
    });
  }

  const { incident, raw } = await getIncident(client, same[0]!.id);
  const last = latestUpdate(incident.incidentUpdates);
  const status = flags.status ?? (incident.lastUpdateStatus as IncidentStatus);
  const message = flags.message ?? last?.description ?? name;
  if (status === incident.lastUpdateStatus && message === last?.description) {
    sayNote(
      ctx.io,
      `Unchanged: incident "${sanitize(incident.name)}" (${sanitize(incident.id)}) is open and its last update says this (${sanitize(status)}).`,
    );
    return printEnsured(ctx, 'unchanged', incident.id, raw);
  }
  const body = checkBody(incidentUpdateBodySchema, { description: message, status, notifySubscribers: notify }, ENSURE);
  await runWrite(ctx, {
    answers: body,
    plan: () => ({
      target: { kind: 'incident', id: incident.id, name: incident.name },
      changes: [`${incidentWords(incident)}: ${updateWords(incident.lastUpdateStatus, body)}`],
      requests: [postIncidentUpdateRequest(incident.id, body)],
      state: incidentState(incident, getIncidentRequest(incident.id).path),
      confirm: { title: 'About to post an update:', question: 'Post this update?' },
      send: async () => {
        await postIncidentUpdate(client, incident.id, body);
        saySuccess(
          ctx.io,
          `Updated incident "${sanitize(incident.name)}" (${sanitize(incident.id)}): ${sanitize(updateWords(incident.lastUpdateStatus, body))}.`,
        );
        // The incident as it is now, for --json (an update's answer is the update alone).
        await printEnsured(ctx, 'updated', incident.id, async () => (await getIncident(client, incident.id)).raw);
      },
    }),
  });
}

/** stdout: {"action", "incident"} as JSON (the incident read again only then); piped, the incident's ID. */
async function printEnsured(
  ctx: Pick<Ctx, 'io' | 'globals'>,
  action: EnsureAction,
  id: string,
  incident: unknown | (() => Promise<unknown>),
): Promise<void> {
  const json =
    typeof incident === 'function' ? async () => ({ action, incident: await incident() }) : { action, incident };
  await showOutcome(ctx, { json, id });
}
