import type { ApiClient } from '../../../api/client';
import { getIncident } from '../../../api/resources/incidents';
import type { Incident } from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { relativeTime } from '../../../text/time';
import { truncate } from '../../../text/width';
import { startedAt } from '../../../api/answers';
import { timeline } from './columns';
import { findIncidents } from './find';
import { isPrefix, resolveIncidentId, resolveUpdateId } from './prefix';

type Client = Pick<ApiClient, 'request' | 'now'>;

/** No INCIDENT_ID: on a terminal a picker of open incidents (`preselected` under the cursor), otherwise exit 2. */
export async function pickOpenIncident(
  ctx: Pick<Ctx, 'prompter' | 'io'>,
  client: Client,
  question: string,
  preselected?: string,
): Promise<Incident> {
  const { entries } = await findIncidents(client, { filter: { status: 'open' }, limit: 100 });
  if (!entries.length) {
    throw new UsageError(
      'There are no open incidents to pick from.',
      (next) =>
        `Pass an INCIDENT_ID (${next('incidents list --status all')} shows every incident), or open one with ${next('incidents create')}.`,
    );
  }
  const now = client.now();
  const id = await ctx.prompter.select<string>({
    message: question,
    choices: entries.map((incident) => ({
      name: sanitize(
        `${incident.name} · ${incident.severity} · ${incident.lastUpdateStatus} · started ${relativeTime(startedAt(incident), now)}`,
      ),
      value: incident.id,
      description: sanitize(`${incident.id} · ${incident.services.map((service) => service.name).join(', ')}`),
    })),
    ...(preselected !== undefined ? { default: preselected } : {}),
  });
  return entries.find((incident) => incident.id === id)!;
}

/** The ID when given; when not, null if a picker can be shown, else exit 2 (`example`: a command line that gives it, the words after `mon`). */
export function incidentIdOrPicker(ctx: Pick<Ctx, 'io'>, id: string | undefined, example: string): string | null {
  if (id !== undefined) return id;
  if (ctx.io.canPrompt()) return null;
  throw new UsageError(
    'INCIDENT_ID is required (prompts are off, so no picker can be shown).',
    (next) => `For example: ${next(example)} (${next('incidents list')} shows the open incidents and their IDs)`,
  );
}

/**
 * The incident a command names: fetched by ID, or picked from the open ones (`picked`;
 * `preselected` is under the cursor, the previous pick of an edit round).
 */
export async function incidentOrPick(
  ctx: Pick<Ctx, 'prompter' | 'io'>,
  client: Client,
  id: string | null,
  question: string,
  preselected?: string,
): Promise<{ incident: Incident; raw?: unknown; picked: boolean }> {
  if (id === null) return { incident: await pickOpenIncident(ctx, client, question, preselected), picked: true };
  return { ...(await namedIncident(client, id)), picked: false };
}

/** The incident an INCIDENT_ID (or a prefix of one) names. */
export async function namedIncident(client: Client, id: string): Promise<{ incident: Incident; raw: unknown }> {
  return getIncident(client, await resolveIncidentId(client, id));
}

/** On a terminal, a picker of the incident's updates (newest first; `preselected` under the cursor): the ID picked. */
async function pickUpdate(
  ctx: Pick<Ctx, 'prompter'>,
  client: Pick<ApiClient, 'now'>,
  incident: Incident,
  question: string,
  preselected?: string,
): Promise<string> {
  const now = client.now();
  return ctx.prompter.select<string>({
    message: question,
    choices: timeline(incident.incidentUpdates).map((update) => ({
      name: sanitize(
        `${update.status ?? '—'} · ${update.publicIncidentUpdateDate ? relativeTime(update.publicIncidentUpdateDate, now) : '—'} · ${oneLine(update.description)}`,
      ),
      value: update.id,
      description: sanitize(update.id),
    })),
    ...(preselected !== undefined ? { default: preselected } : {}),
  });
}

/** The first line of a message, cut to fit a picker's line (60 cells, escapes counted as shown). */
function oneLine(text: string): string {
  return truncate(sanitize(text.split('\n')[0] ?? ''), 60);
}

/** No UPDATE_ID without a terminal: exit 2 before anything is sent. */
function requireUpdateIdOrPrompt(ctx: Pick<Ctx, 'io'>, id: string | undefined, example: string): void {
  if (id !== undefined || ctx.io.canPrompt()) return;
  throw new UsageError(
    'UPDATE_ID is required (prompts are off, so no picker can be shown).',
    (next) => `For example: ${next(example)}`,
  );
}

/**
 * INCIDENT_ID and UPDATE_ID as given, or picked on a terminal: an open incident, then one
 * of its updates (`preselected`: the previous picks of an edit round). Without a terminal a
 * missing one is exit 2, before anything is sent. `incident` when it was read (picked, or
 * needed to find an UPDATE_ID prefix).
 */
export async function updateTarget(
  ctx: Pick<Ctx, 'prompter' | 'io'>,
  client: Client,
  args: { incidentId?: string; updateId?: string },
  example: string,
  preselected?: { incidentId: string; updateId: string },
): Promise<{ incidentId: string; updateId: string; picked: boolean; incident?: Incident }> {
  const incidentId = incidentIdOrPicker(ctx, args.incidentId, example);
  requireUpdateIdOrPrompt(ctx, args.updateId, example);
  if (incidentId !== null && args.updateId !== undefined && !isPrefix(args.updateId)) {
    return { incidentId: await resolveIncidentId(client, incidentId), updateId: args.updateId, picked: false };
  }
  const { incident, picked } = await incidentOrPick(
    ctx,
    client,
    incidentId,
    'Which open incident?',
    preselected?.incidentId,
  );
  if (args.updateId !== undefined)
    return { incidentId: incident.id, updateId: resolveUpdateId(incident, args.updateId), picked, incident };
  const updateId = await pickUpdate(ctx, client, incident, 'Which update?', preselected?.updateId);
  return { incidentId: incident.id, updateId, picked: true, incident };
}
