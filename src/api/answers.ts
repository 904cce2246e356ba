import { judgeHeartbeat, type HeartbeatJudgement, type HeartbeatState } from './heartbeat-rules';
import type { Check, CheckStatus } from './schemas/checkReads';
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

/** When a heartbeat's last ping came, from its check status (a heartbeat's "result" is a ping); undefined: never. */
export function lastPingOf(status: CheckStatus | undefined): number | undefined {
  if (!status?.lastCheckRunId || !status.updated_at) return undefined;
  const at = Date.parse(status.updated_at);
  return Number.isNaN(at) ? undefined : at;
}

/** A heartbeat check at the server's `now`, by the rules of api/heartbeat-rules.ts; undefined for another check. */
export function judgeHeartbeatCheck(
  check: Pick<Check, 'heartbeat' | 'activated' | 'created_at'>,
  status: CheckStatus | undefined,
  now: number,
): HeartbeatJudgement | undefined {
  if (!check.heartbeat) return undefined;
  const createdAt = Date.parse(check.created_at ?? '');
  return judgeHeartbeat(
    {
      ...check.heartbeat,
      activated: check.activated,
      createdAt: Number.isNaN(createdAt) ? now : createdAt,
      lastPingAt: lastPingOf(status),
    },
    now,
  );
}

/**
 * A check's state, one word per state in every command: a heartbeat's is its own (on time, in
 * grace, late, never pinged, paused: `heartbeats list`'s words, never the API's "failing" for
 * "late"); another check's is its status (passing, degraded, failing), "unknown" without one.
 */
export function checkStateWord(
  check: Pick<Check, 'heartbeat' | 'activated' | 'created_at'> | undefined,
  status: CheckStatus | undefined,
  now: number,
): HeartbeatState | ReturnType<typeof statusWord> | 'unknown' {
  const judged = check && judgeHeartbeatCheck(check, status, now);
  if (judged) return judged.state;
  return status ? statusWord(status) : 'unknown';
}

/** Since when a heartbeat's state holds (ms): late since it alerted, in grace since its ping was due, on time since its last ping. */
export function heartbeatStateSince(judged: HeartbeatJudgement, createdAt: number): number | undefined {
  if (judged.state === 'late') return judged.alertsAt;
  if (judged.state === 'in grace') return judged.dueAt;
  if (judged.state === 'on time') return judged.lastPingAt;
  if (judged.state === 'never pinged') return createdAt;
  return undefined;
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
