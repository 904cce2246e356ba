import type { ApiClient } from '../../../api/client';
import { incidentPages } from '../../../api/resources/incidents';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { Incident } from '../../../api/schemas/incidents';
import { startedAt } from '../../../api/answers';

/* Incidents filtered on the client, across pages: by their last update's status, services, severity and start. */

type Client = Pick<ApiClient, 'request'>;

export type StatusFilter = 'open' | 'resolved' | 'all';

export interface IncidentFilter {
  status: StatusFilter;
  /** Service IDs: an incident on any of them matches. */
  services?: ReadonlySet<string>;
  severities?: ReadonlySet<string>;
  /** Started at or after this time (its earliest update). */
  since?: Date;
}

/** Does the filter keep anything out? (`all` and nothing else: every incident, the API's pages as they are.) */
export function filters(filter: IncidentFilter): boolean {
  return filter.status !== 'all' || Boolean(filter.services || filter.severities || filter.since);
}

export function keeps(incident: Incident, filter: IncidentFilter): boolean {
  if (filter.status !== 'all' && (incident.lastUpdateStatus === 'RESOLVED') !== (filter.status === 'resolved'))
    return false;
  if (filter.services && !incident.services.some((service) => filter.services!.has(service.id))) return false;
  if (filter.severities && !filter.severities.has(incident.severity)) return false;
  if (filter.since && Date.parse(startedAt(incident)) < filter.since.getTime()) return false;
  return true;
}

/**
 * Up to `limit` incidents that match, following pages as needed (100 entries a page, the
 * most the API gives). `nextId` continues right after the last match: it is the ID of the
 * next entry, which is what the API's nextId is (null when no entry follows).
 */
export async function findIncidents(
  client: Client,
  options: { filter: IncidentFilter; limit: number; nextId?: string },
): Promise<{ entries: Incident[]; raw: unknown[]; nextId: string | null }> {
  const found: Incident[] = [];
  const raw: unknown[] = [];
  for await (const matches of matchingPages(
    client,
    { limit: PAGE_LIMIT.max, nextId: options.nextId },
    options.filter,
  )) {
    for (const [index, incident] of matches.entries.entries()) {
      found.push(incident);
      raw.push(matches.raw[index]);
      if (found.length === options.limit) {
        const following = matches.following[index] ?? null;
        return { entries: found, raw, nextId: following };
      }
    }
  }
  return { entries: found, raw, nextId: null };
}

/**
 * Each page's matching incidents, parsed and as received (for --json), with the ID of the
 * entry that follows each match (the next page's first one after the last entry).
 */
export async function* matchingPages(
  client: Client,
  query: { limit?: number; nextId?: string },
  filter: IncidentFilter,
) {
  for await (const { page, raw } of incidentPages(client, query)) {
    const received = (raw as { entries: unknown[] }).entries;
    const matches = { entries: [] as Incident[], raw: [] as unknown[], following: [] as (string | null)[] };
    page.entries.forEach((incident, index) => {
      if (!keeps(incident, filter)) return;
      matches.entries.push(incident);
      matches.raw.push(received[index]);
      matches.following.push(page.entries[index + 1]?.id ?? page.nextId ?? null);
    });
    yield matches;
  }
}
