import type { CheckStatus } from './schemas/checkReads';
import type { Incident, Service } from './schemas/incidents';
import type { StatusPage } from './schemas/statusPages';

/* What the answers say, read from their fields: without their schemas (zod), as api/read.ts gives them. */

/**
 * When the incident started: its earliest update's public date (the update it was opened
 * with, unless one was dated earlier); created_at is only a date.
 */
export function startedAt(incident: Incident): string {
  const dates = incident.incidentUpdates
    .map((update) => update.publicIncidentUpdateDate)
    .filter((date): date is string => Boolean(date) && !Number.isNaN(Date.parse(date!)));
  if (!dates.length) return incident.created_at;
  return dates.reduce((earliest, date) => (Date.parse(date) < Date.parse(earliest) ? date : earliest));
}

/** What a status record says, in the words of the list's `status` filter. */
export function statusWord(status: Pick<CheckStatus, 'hasFailures' | 'hasErrors' | 'isDegraded'>) {
  if (status.hasFailures || status.hasErrors) return 'failing' as const;
  if (status.isDegraded) return 'degraded' as const;
  return 'passing' as const;
}

/** The order a status is shown in: what needs attention first. */
export const STATUS_ORDER: Record<ReturnType<typeof statusWord>, number> = { failing: 0, degraded: 1, passing: 2 };

/** Since when a status holds, as the API tells it: its last result (or the check's creation). */
export const statusSince = (status: CheckStatus) => status.updated_at ?? status.created_at;

/** Failing first, then degraded, then passing; in each, the longest-standing first. */
export function byUrgency(statuses: readonly CheckStatus[]): CheckStatus[] {
  const since = (status: CheckStatus) => Date.parse(statusSince(status) ?? '') || 0;
  return [...statuses].sort((a, b) => STATUS_ORDER[statusWord(a)] - STATUS_ORDER[statusWord(b)] || since(a) - since(b));
}

/** Every service of a status page, with the name of the card that holds it. */
export function pageServices(page: StatusPage): { card: string; service: Service }[] {
  return (page.cards ?? []).flatMap((card) => (card.services ?? []).map((service) => ({ card: card.name, service })));
}
