import type { Incident, IncidentUpdate } from './schemas/incidents';
import { timeDisplay } from '../text/time';

/*
 * An incident as its subscribers read it: the words and the order of the public status
 * page (sandbox/pages/), which `mon incidents get` shows on a terminal too, so that what an
 * on-call engineer reads there is what their customers read.
 */

const STATUS_WORDS: Record<string, string> = {
  INVESTIGATING: 'Investigating',
  IDENTIFIED: 'Identified',
  MONITORING: 'Monitoring',
  RESOLVED: 'Resolved',
};

/** "Identified" for IDENTIFIED; a status the API adds later reads as itself, capitalised. */
export function statusWord(status: string | undefined): string {
  if (!status) return 'Update';
  return STATUS_WORDS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

const time = (update: IncidentUpdate) => Date.parse(update.publicIncidentUpdateDate ?? '') || 0;

/** Newest first by public date, as a timeline reads (on a tie, the order the API gave). */
export function timeline(updates: readonly IncidentUpdate[]): IncidentUpdate[] {
  return [...updates].sort((a, b) => time(b) - time(a));
}

/**
 * The latest update: the first of the timeline (the API gives them newest first, but an update
 * dated back with publicIncidentUpdateDate can sit anywhere, so the date decides, as the page's).
 */
export function latestUpdate(updates: readonly IncidentUpdate[]): IncidentUpdate | undefined {
  return timeline(updates)[0];
}

/** One entry of the timeline: "Identified", "2026-11-25 12:03 UTC (5m ago)", the message. */
export interface TimelineEntry {
  status: string | undefined;
  word: string;
  when: string;
  message: string;
  update: IncidentUpdate;
}

/** The updates as subscribers read them, newest first, times against `now` (the server's clock). */
export function subscriberTimeline(updates: readonly IncidentUpdate[], now: number): TimelineEntry[] {
  return timeline(updates).map((update) => ({
    status: update.status,
    word: statusWord(update.status),
    when: update.publicIncidentUpdateDate ? timeDisplay(update.publicIncidentUpdateDate, now) : '—',
    message: update.description,
    update,
  }));
}

/** What a service shows, worst last: derived from the open incidents on it. */
export const SERVICE_STATES = [
  { key: 'operational', words: 'Operational' },
  { key: 'degraded', words: 'Degraded performance' },
  { key: 'partial', words: 'Partial outage' },
  { key: 'major', words: 'Major outage' },
] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** The state an open incident of this severity puts its services in. */
const BY_SEVERITY: Record<string, number> = { MINOR: 1, MEDIUM: 2, MAJOR: 3, CRITICAL: 3 };

export const isOpen = (incident: Pick<Incident, 'lastUpdateStatus'>) => incident.lastUpdateStatus !== 'RESOLVED';

/**
 * A service's state: Operational without an open incident on it; otherwise the worst that
 * its open incidents' severities say (MINOR: degraded performance, MEDIUM: partial outage,
 * MAJOR and CRITICAL: major outage; a severity the API adds later: degraded).
 */
export function serviceState(
  serviceId: string,
  incidents: readonly Pick<Incident, 'lastUpdateStatus' | 'severity' | 'services'>[],
): ServiceState {
  let worst = 0;
  for (const incident of incidents) {
    if (!isOpen(incident) || !incident.services.some((service) => service.id === serviceId)) continue;
    worst = Math.max(worst, BY_SEVERITY[incident.severity] ?? 1);
  }
  return SERVICE_STATES[worst]!;
}

/** The worst of several states (a whole page's). */
export function worstState(states: readonly ServiceState[]): ServiceState {
  return SERVICE_STATES[Math.max(0, ...states.map((state) => SERVICE_STATES.indexOf(state)))]!;
}
