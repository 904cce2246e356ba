import { amountInWords } from '../../../api/heartbeat-rules';
import { describeFrequency } from '../../../api/schemas/checkValues';
import { checkStateWord, heartbeatStateSince, judgeHeartbeatCheck, statusSince } from '../../../api/answers';
import type { Check, CheckStatus } from '../../../api/schemas/checkReads';
import { shortId, type Column } from '../../../output/render';
import { colorId, colorValue } from '../../../output/say';
import { absoluteTime, relativeTime } from '../../../text/time';

/* How `mon checks list`, `get` and `status` show checks and their statuses. */

/** "every 10 minutes"; a heartbeat: its period, "every 1 day". */
export function frequencyText(check: Check): string | undefined {
  if (check.heartbeat) return `every ${amountInWords(check.heartbeat.period, check.heartbeat.periodUnit)}`;
  return check.frequency === undefined ? undefined : describeFrequency(check.frequency, check.frequencyOffset);
}

/** What a heartbeat's state is judged from (its period and grace, whether it is paused, when it was created). */
export type HeartbeatConfig = Pick<Check, 'heartbeat' | 'activated' | 'created_at'>;
/** The heartbeat checks, by ID. */
export type HeartbeatsById = ReadonlyMap<string, HeartbeatConfig>;

export function checkColumns(statuses: ReadonlyMap<string, CheckStatus>, now: number): Column<Check>[] {
  return [
    { header: 'ID', value: (c) => c.id, display: (c) => shortId(c.id), color: (t, _c, io) => colorId(io.style, t) },
    { header: 'NAME', value: (c) => c.name, shrink: true },
    { header: 'TYPE', value: (c) => c.checkType },
    {
      header: 'STATUS',
      value: (c) => checkStateWord(c, statuses.get(c.id), now),
      color: (t, _c, io) => colorValue(io.style, t),
    },
    { header: 'FREQUENCY', value: (c) => frequencyText(c) },
    { header: 'LOCATIONS', value: (c) => c.locations?.length ?? 0 },
    { header: 'TAGS', value: (c) => (c.tags ?? []).join(','), shrink: 'last' },
  ];
}

/**
 * Since when a status holds: its last result (a check with none yet: its creation, a plain
 * date); a heartbeat's state since it began (late since it alerted, in grace since its ping
 * was due, on time since its last ping).
 */
export function sinceOf(status: CheckStatus, heartbeat: HeartbeatConfig | undefined, now: number) {
  const judged = heartbeat && judgeHeartbeatCheck(heartbeat, status, now);
  if (!judged) return statusSince(status);
  const at = heartbeatStateSince(judged, Date.parse(heartbeat.created_at ?? '') || now);
  return at === undefined ? undefined : new Date(at).toISOString();
}

/** "5m ago"; a plain date (a check with no result yet: its creation) as it is. */
export function sinceText(since: string | null | undefined, now: number): string {
  if (!since) return '—';
  return /^\d{4}-\d{2}-\d{2}$/.test(since) ? since : relativeTime(since, now);
}

/** GET /v1/check-statuses as a table: a heartbeat's status in its own words (`heartbeats`: the heartbeat checks). */
export function statusColumns(now: number, heartbeats: HeartbeatsById): Column<CheckStatus>[] {
  return [
    {
      header: 'ID',
      value: (s) => s.checkId,
      display: (s) => shortId(s.checkId),
      color: (t, _s, io) => colorId(io.style, t),
    },
    { header: 'NAME', value: (s) => s.name, shrink: true },
    {
      header: 'STATUS',
      value: (s) => checkStateWord(heartbeats.get(s.checkId), s, now),
      color: (t, _s, io) => colorValue(io.style, t),
    },
    {
      header: 'SINCE',
      value: (s) => sinceOf(s, heartbeats.get(s.checkId), now),
      display: (s) => sinceText(sinceOf(s, heartbeats.get(s.checkId), now), now),
      text: (s) => {
        const since = sinceOf(s, heartbeats.get(s.checkId), now);
        return since ? absoluteTime(since) : undefined;
      },
    },
    { header: 'LOCATION', value: (s) => s.lastRunLocation ?? undefined },
  ];
}
