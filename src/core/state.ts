import { ApiError } from '../api/errors';
import type { Requester } from '../api/request';
import type { TargetKind } from './flags/spec';

/*
 * What a plan is bound to: the state of the object a write changes, as the API answers it,
 * read when the plan is made and read again before anything is sent (a token's run, or a
 * confirmation that was left open). A difference is said in words a person reads ("1 update
 * was posted (3 → 4)"), never as a diff of JSON.
 */

/** The object a write changes, named by its name and full ID. */
export interface PlanTarget {
  kind: TargetKind;
  id: string;
  name: string;
}

/** What is read again of an object, and how (`read`: the path of its GET). */
export type StateFingerprint =
  IncidentState | IncidentUpdateState | ConfigurationState | { reader: 'exists'; read: string };

/** An incident: its last status, its updates (how many, and what they say), its own fields, updated_at. */
export interface IncidentState {
  reader: 'incident';
  read: string;
  lastStatus: string;
  updates: number;
  /** A digest of every update (ID, status, message, date, notify): an edited update changes it. */
  updatesDigest: string;
  name: string;
  severity: string;
  services: string[];
  updatedAt: string | null;
}

/** One update of an incident, as `updates edit` changes it. */
export interface IncidentUpdateState {
  reader: 'incident-update';
  read: string;
  status: string | null;
  messageDigest: string;
  notify: boolean | null;
  date: string | null;
}

/**
 * A check or a heartbeat monitor: its updated_at, and its configuration field by field (a
 * digest of each field a person sets): the API's updated_at may be missing or coarse.
 */
export interface ConfigurationState {
  reader: 'configuration';
  read: string;
  name: string;
  updatedAt: string | null;
  fields: Record<string, string>;
}

type Json = Record<string, unknown>;

/**
 * A digest of text (cyrb53: 53 bits, no node:crypto to load): tells "changed" from "the same";
 * the plan file it sits in is signed (core/plan-store.ts), so it need not resist forgery.
 */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** JSON with its keys in order, so that the same object always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Json)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An incident's state, from the incident as the API answers it (GET /v1/status-pages/incidents/{id}). */
export function incidentState(incident: Json, read: string): IncidentState {
  const updates = Array.isArray(incident.incidentUpdates) ? (incident.incidentUpdates as Json[]) : [];
  const shown = updates
    .map((update) => ({
      id: update.id,
      status: update.status,
      description: update.description,
      date: update.publicIncidentUpdateDate,
      notify: update.notifySubscribers,
    }))
    .sort((a, b) => (text(a.id) < text(b.id) ? -1 : 1));
  const services = Array.isArray(incident.services) ? (incident.services as Json[]) : [];
  return {
    reader: 'incident',
    read,
    lastStatus: text(incident.lastUpdateStatus),
    updates: updates.length,
    updatesDigest: digest(canonical(shown)),
    name: text(incident.name),
    severity: text(incident.severity),
    services: services.map((service) => text(service.name)),
    updatedAt: textOrNull(incident.updated_at),
  };
}

/** One incident update's state (GET .../incident-updates/{id}). */
export function incidentUpdateState(update: Json, read: string): IncidentUpdateState {
  return {
    reader: 'incident-update',
    read,
    status: textOrNull(update.status),
    messageDigest: digest(text(update.description)),
    notify: typeof update.notifySubscribers === 'boolean' ? update.notifySubscribers : null,
    date: textOrNull(update.publicIncidentUpdateDate),
  };
}

/** What the server keeps of a check that no person sets: left out of its configuration. */
const SERVER_FIELDS = new Set(['id', 'created_at', 'updated_at', 'accountId']);
/** A heartbeat's ping token and URL: the server's, and secrets; never in a plan. */
const SERVER_HEARTBEAT_FIELDS = new Set(['pingToken', 'pingUrl']);

/** A check's or heartbeat monitor's state (GET /v1/checks/{id}). */
export function configurationState(check: Json, read: string): ConfigurationState {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(check)) {
    if (SERVER_FIELDS.has(key) || value === undefined) continue;
    const kept =
      key === 'heartbeat' && value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Json).filter(([inner]) => !SERVER_HEARTBEAT_FIELDS.has(inner)))
        : value;
    fields[key] = digest(canonical(kept));
  }
  return { reader: 'configuration', read, name: text(check.name), updatedAt: textOrNull(check.updated_at), fields };
}

/** The state of what `read` answers, by the reader the plan recorded. */
function stateOf(reader: StateFingerprint['reader'], body: unknown, read: string): StateFingerprint {
  const object = (body !== null && typeof body === 'object' ? body : {}) as Json;
  switch (reader) {
    case 'incident':
      return incidentState(object, read);
    case 'incident-update':
      return incidentUpdateState(object, read);
    case 'configuration':
      return configurationState(object, read);
    case 'exists':
      return { reader: 'exists', read };
  }
}

/** The object as it is now (one GET), or 'gone' when the API answers 404. */
export async function readState(client: Requester, state: StateFingerprint): Promise<StateFingerprint | 'gone'> {
  try {
    const response = await client.request({ method: 'GET', path: state.read });
    return stateOf(state.reader, response.body, state.read);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'gone';
    throw error;
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * What changed between the state a plan was made on and the state now, in words (each a
 * clause about "it": "its last status went from INVESTIGATING to MONITORING"). Empty when
 * nothing did.
 */
export function describeChange(before: StateFingerprint, after: StateFingerprint | 'gone'): string[] {
  if (after === 'gone') return ['it no longer exists (it was deleted)'];
  if (canonical(before) === canonical(after)) return [];
  const words: string[] = [];
  if (before.reader === 'incident' && after.reader === 'incident') {
    const added = after.updates - before.updates;
    if (added > 0)
      words.push(
        `${plural(added, 'update')} ${added === 1 ? 'was' : 'were'} posted (${before.updates} → ${after.updates})`,
      );
    if (added < 0)
      words.push(
        `${plural(-added, 'update')} ${added === -1 ? 'was' : 'were'} removed (${before.updates} → ${after.updates})`,
      );
    if (after.lastStatus !== before.lastStatus)
      words.push(`its last status went from ${before.lastStatus} to ${after.lastStatus}`);
    if (added === 0 && after.updatesDigest !== before.updatesDigest) words.push('an update was edited');
    if (after.name !== before.name) words.push(`it was renamed from "${before.name}" to "${after.name}"`);
    if (after.severity !== before.severity)
      words.push(`its severity went from ${before.severity} to ${after.severity}`);
    if (after.services.join(', ') !== before.services.join(', '))
      words.push(`its services went from ${before.services.join(', ')} to ${after.services.join(', ')}`);
  } else if (before.reader === 'incident-update' && after.reader === 'incident-update') {
    if (after.status !== before.status)
      words.push(`its status went from ${before.status ?? 'none'} to ${after.status ?? 'none'}`);
    if (after.messageDigest !== before.messageDigest) words.push('its message was changed');
    if (after.notify !== before.notify)
      words.push(`notifying subscribers went from ${yesNo(before.notify)} to ${yesNo(after.notify)}`);
    if (after.date !== before.date)
      words.push(`its date went from ${before.date ?? 'none'} to ${after.date ?? 'none'}`);
  } else if (before.reader === 'configuration' && after.reader === 'configuration') {
    if (after.name !== before.name) words.push(`it was renamed from "${before.name}" to "${after.name}"`);
    const keys = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])];
    const changed = keys.filter((key) => key !== 'name' && before.fields[key] !== after.fields[key]).sort();
    if (changed.length) words.push(`its configuration changed (${changed.join(', ')})`);
  }
  // updated_at says when, if nothing above said what.
  if (!words.length && 'updatedAt' in before && 'updatedAt' in after && before.updatedAt !== after.updatedAt)
    words.push(`it was changed (updated_at ${before.updatedAt ?? 'none'} → ${after.updatedAt ?? 'none'})`);
  return words.length ? words : ['it changed'];
}

const yesNo = (value: boolean | null) => (value === null ? 'unset' : value ? 'yes' : 'no');
