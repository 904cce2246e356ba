import type { ApiClient } from '../../../api/client';
import { incidentPages } from '../../../api/resources/incidents';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { Incident } from '../../../api/schemas/incidents';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { isWholeId, MIN_PREFIX } from '../../../core/flags/common';

/*
 * Short IDs: tables show the first 8 characters of an ID, and every incident and update ID
 * argument takes a unique prefix of at least 6. A whole ID (a UUID) is used as it is, with no
 * request; a prefix costs one list request (the newest 100 incidents; open ones win).
 */

/** Worth looking up as a prefix: not a whole ID, and long enough to mean one. */
export function isPrefix(arg: string): boolean {
  return !isWholeId(arg) && arg.length >= MIN_PREFIX;
}

/** The incident ID an argument means. No match is left to the server (a 404 is exit 6). */
export async function resolveIncidentId(client: Pick<ApiClient, 'request'>, arg: string): Promise<string> {
  if (!isPrefix(arg)) return arg;
  const first = await incidentPages(client, { limit: PAGE_LIMIT.max }).next();
  const entries = first.done ? [] : first.value.page.entries;
  if (entries.some((incident) => incident.id === arg)) return arg;
  const matches = entries.filter((incident) => startsWith(incident.id, arg));
  const open = matches.filter((incident) => incident.lastUpdateStatus !== 'RESOLVED');
  const chosen = open.length ? open : matches;
  if (chosen.length > 1)
    throw ambiguous(
      'INCIDENT_ID',
      arg,
      chosen.map((incident) => `${incident.id}  ${incident.name}`),
    );
  return chosen[0]?.id ?? arg;
}

/** The update ID an argument means, among the incident's updates. */
export function resolveUpdateId(incident: Incident, arg: string): string {
  if (!isPrefix(arg)) return arg;
  const matches = incident.incidentUpdates.filter((update) => startsWith(update.id, arg));
  if (matches.length > 1) {
    throw ambiguous(
      'UPDATE_ID',
      arg,
      matches.map((update) => `${update.id}  ${update.status ?? '—'}  ${update.description.split('\n')[0]}`),
    );
  }
  return matches[0]?.id ?? arg;
}

const startsWith = (id: string, prefix: string) => id.toLowerCase().startsWith(prefix.toLowerCase());

function ambiguous(label: string, arg: string, matches: string[]): UsageError {
  return new UsageError(
    `${label} ${sanitize(arg)} matches ${matches.length}:\n${matches.map((match) => `  ${sanitize(match)}`).join('\n')}`,
    'Give more characters of the ID.',
  );
}
