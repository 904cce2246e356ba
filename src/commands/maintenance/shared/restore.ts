import type { ApiClient } from '../../../api/client';
import { CliError } from '../../../errors';
import {
  deleteMaintenanceWindow,
  deleteMaintenanceWindowRequest,
  getMaintenanceWindow,
  maintenanceWindowPages,
  updateMaintenanceWindow,
  updateMaintenanceWindowRequest,
} from '../../../api/resources/maintenance';
import { postIncidentUpdate, postIncidentUpdateRequest } from '../../../api/resources/incidents';
import { occurrenceAt } from '../../../api/maintenance-rules';
import type { ApiRequest } from '../../../api/request';
import type { MaintenanceWindow } from '../../../api/schemas/maintenance';
import type { IncidentUpdateBody } from '../../../api/schemas/incidents';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import { findIncidents } from '../../incidents/shared/find';
import { RunJournal, type RunRecord } from './journal';

/*
 * Ending what a maintenance run opened: its window (ended now, or deleted when it has not
 * started), and its incident (a RESOLVED update). One definition for `maintenance run` (on
 * every way out), `maintenance recover` (after a killed run) and `maintenance end ID`.
 */

type Client = Pick<ApiClient, 'request' | 'now'>;

/** The message of the update that resolves a maintenance run's incident. */
export const RESOLVED_MESSAGE = 'The maintenance is over.';

/** How a window is ended now: its end moved to now, or deleted when it has not started (an end before its start is refused). */
export function endRequest(window: Pick<MaintenanceWindow, 'id' | 'startsAt'>, now: number): ApiRequest {
  return Date.parse(window.startsAt) < now
    ? updateMaintenanceWindowRequest(window.id, { endsAt: new Date(now).toISOString() })
    : deleteMaintenanceWindowRequest(window.id);
}

export type Ended = 'ended' | 'deleted' | 'gone';

/** Ends a window now (see endRequest); 'gone' when it was deleted meanwhile. */
export async function endWindow(client: Client, window: Pick<MaintenanceWindow, 'id' | 'startsAt'>): Promise<Ended> {
  const now = client.now();
  try {
    if (Date.parse(window.startsAt) < now) {
      await updateMaintenanceWindow(client, window.id, { endsAt: new Date(now).toISOString() });
      return 'ended';
    }
    await deleteMaintenanceWindow(client, window.id);
    return 'deleted';
  } catch (error) {
    if (error instanceof CliError && error.kind === 'not-found') return 'gone';
    throw error;
  }
}

/** Is the window in force at `now` (its occurrence now, repeats included)? */
export const inForce = (window: MaintenanceWindow, now: number): boolean => occurrenceAt(window, now) !== undefined;

/** The RESOLVED update of a run's incident. */
export const resolveBody = (): IncidentUpdateBody => ({
  description: RESOLVED_MESSAGE,
  status: 'RESOLVED',
  notifySubscribers: false,
});

/** Resolves an incident; 'gone' when it was deleted meanwhile. */
export async function resolveIncident(client: Client, incidentId: string): Promise<'resolved' | 'gone'> {
  try {
    await postIncidentUpdate(client, incidentId, resolveBody());
    return 'resolved';
  } catch (error) {
    if (error instanceof CliError && error.kind === 'not-found') return 'gone';
    throw error;
  }
}

/** The requests that end a run's window and incident, for a plan (the window's start as the journal has it). */
export function restoreRequests(record: RunRecord, now: number): ApiRequest[] {
  const requests: ApiRequest[] = [];
  if (record.windowId !== undefined && !record.windowEnded)
    requests.push(endRequest({ id: record.windowId, startsAt: record.windowStartsAt ?? record.startedAt }, now));
  if (record.incidentId !== undefined && !record.incidentResolved)
    requests.push(postIncidentUpdateRequest(record.incidentId, resolveBody()));
  return requests;
}

/** The window a run named but did not live to write the ID of: found by its name (it holds the run's ID). */
async function windowNamed(client: Client, name: string): Promise<MaintenanceWindow | undefined> {
  for await (const { entries } of maintenanceWindowPages(client, { limit: PAGE_LIMIT.max }))
    for (const window of entries) if (window.name === name) return window;
  return undefined;
}

/**
 * Ends what a run's journal says is open, writing each step into it, and removes the journal
 * when nothing is left open. Returns what it did, in words.
 */
export async function restoreRun(
  client: Client,
  record: RunRecord,
  journal = RunJournal.of(record),
): Promise<string[]> {
  const done: string[] = [];
  if (record.windowOpening && !record.windowEnded) {
    const window =
      record.windowId !== undefined
        ? await getMaintenanceWindow(client, record.windowId).then(
            ({ window: found }) => found,
            (error: unknown) => {
              if (error instanceof CliError && error.kind === 'not-found') return undefined;
              throw error;
            },
          )
        : await windowNamed(client, record.windowName);
    if (window) {
      const how =
        inForce(window, client.now()) || Date.parse(window.startsAt) >= client.now()
          ? await endWindow(client, window)
          : 'over';
      done.push(`maintenance window ${window.id} "${window.name}": ${how === 'over' ? 'was over already' : how}`);
    } else done.push(`maintenance window "${record.windowName}": not found (deleted, or never opened)`);
    journal.step({ step: 'window-ended', at: new Date(client.now()).toISOString() });
  }
  if (record.incidentOpening && !record.incidentResolved) {
    let id = record.incidentId;
    if (id === undefined && record.incidentName !== undefined) {
      const wanted = record.incidentName;
      const { entries } = await findIncidents(client, { filter: { status: 'open' }, limit: Number.MAX_SAFE_INTEGER });
      id = entries.find((incident) => incident.name === wanted && incident.created_at >= record.startedAt)?.id;
    }
    if (id !== undefined) done.push(`incident ${id}: ${await resolveIncident(client, id)}`);
    else done.push(`incident "${record.incidentName ?? ''}": not found (never opened)`);
    journal.step({ step: 'incident-resolved', at: new Date(client.now()).toISOString() });
  }
  journal.finish();
  return done;
}
