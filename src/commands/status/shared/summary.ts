import type { ApiClient } from '../../../api/client';
import { judgeHeartbeat, type HeartbeatState } from '../../../api/heartbeat-rules';
import { allChecks, getCheckStatuses } from '../../../api/resources/checks';
import { incidentPages } from '../../../api/resources/incidents';
import { byUrgency, startedAt, statusWord } from '../../../api/answers';
import type { CheckStatus } from '../../../api/schemas/checkReads';
import { PAGE_LIMIT, SEVERITIES } from '../../../api/schemas/enums';
import type { Incident } from '../../../api/schemas/incidents';

/* What `mon status` shows: what needs attention now, read with three requests at once. */

export interface LateHeartbeat {
  id: string;
  name: string;
  state: HeartbeatState;
  lastPingAt: string | null;
  dueAt: string;
  alertsAt: string;
}

export interface Summary {
  incidents: { incident: Incident; raw: unknown }[];
  checks: CheckStatus[];
  heartbeats: LateHeartbeat[];
  /** The server's clock when it answered (ms). */
  now: number;
}

/** The heartbeat states `mon status` shows (the others are fine, or paused). */
const SHOWN: ReadonlySet<HeartbeatState> = new Set(['late', 'in grace']);

async function openIncidents(client: Pick<ApiClient, 'request'>): Promise<Summary['incidents']> {
  const open: Summary['incidents'] = [];
  for await (const { page, raw } of incidentPages(client, { limit: PAGE_LIMIT.max })) {
    const entries = (raw as { entries: unknown[] }).entries;
    page.entries.forEach((incident, index) => {
      if (incident.lastUpdateStatus !== 'RESOLVED') open.push({ incident, raw: entries[index] });
    });
  }
  // Most severe first (a MINOR never above a MAJOR); of one severity, the one that started last first.
  const rank = (incident: Incident) => {
    const index = (SEVERITIES as readonly string[]).indexOf(incident.severity);
    return index === -1 ? SEVERITIES.length : index;
  };
  return open.sort(
    (a, b) =>
      rank(a.incident) - rank(b.incident) || Date.parse(startedAt(b.incident)) - Date.parse(startedAt(a.incident)),
  );
}

export async function readSummary(client: Pick<ApiClient, 'request' | 'now'>): Promise<Summary> {
  const [incidents, { statuses }, heartbeatChecks] = await Promise.all([
    openIncidents(client),
    getCheckStatuses(client),
    allChecks(client, { checkType: 'HEARTBEAT' }),
  ]);
  const now = client.now();
  const heartbeatIds = new Set(heartbeatChecks.map((check) => check.id));
  const statusOf = new Map(statuses.map((status) => [status.checkId, status]));
  const heartbeats: LateHeartbeat[] = [];
  for (const check of heartbeatChecks) {
    if (!check.heartbeat) continue;
    const status = statusOf.get(check.id);
    const lastPing = status?.lastCheckRunId && status.updated_at ? Date.parse(status.updated_at) : undefined;
    const judged = judgeHeartbeat(
      {
        ...check.heartbeat,
        activated: check.activated,
        createdAt: Date.parse(check.created_at ?? ''),
        lastPingAt: lastPing,
      },
      now,
    );
    if (!SHOWN.has(judged.state)) continue;
    heartbeats.push({
      id: check.id,
      name: check.name,
      state: judged.state,
      lastPingAt: lastPing === undefined ? null : new Date(lastPing).toISOString(),
      dueAt: new Date(judged.dueAt).toISOString(),
      alertsAt: new Date(judged.alertsAt).toISOString(),
    });
  }
  heartbeats.sort((a, b) =>
    a.state === b.state ? Date.parse(a.alertsAt) - Date.parse(b.alertsAt) : a.state === 'late' ? -1 : 1,
  );
  const checks = byUrgency(
    statuses.filter((status) => !heartbeatIds.has(status.checkId) && statusWord(status) !== 'passing'),
  );
  return { incidents, checks, heartbeats, now };
}

/** Anything failing, degraded, late or open: `--exit-status` exits 3. */
export function needsAttention(summary: Summary): string | undefined {
  const count = (n: number, one: string, many: string) => (n ? [`${n} ${n === 1 ? one : many}`] : []);
  const parts = [
    ...count(summary.incidents.length, 'open incident', 'open incidents'),
    ...count(summary.checks.filter((s) => statusWord(s) === 'failing').length, 'failing check', 'failing checks'),
    ...count(summary.checks.filter((s) => statusWord(s) === 'degraded').length, 'degraded check', 'degraded checks'),
    ...count(summary.heartbeats.filter((h) => h.state === 'late').length, 'late heartbeat', 'late heartbeats'),
  ];
  return parts.length ? parts.join(', ') : undefined;
}
