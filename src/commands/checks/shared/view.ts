import { amountInWords } from '../../../api/heartbeat-rules';
import { describeFrequency } from '../../../api/schemas/checkValues';
import { statusSince, statusWord } from '../../../api/answers';
import type { Check, CheckStatus } from '../../../api/schemas/checkReads';
import { shortId, type Column } from '../../../output/render';
import { colorId, colorValue } from '../../../output/say';
import { relativeTime } from '../../../text/time';

/* How `mon checks list`, `get` and `status` show checks and their statuses. */

/** "every 10 minutes"; a heartbeat: its period, "every 1 day". */
export function frequencyText(check: Check): string | undefined {
  if (check.heartbeat) return `every ${amountInWords(check.heartbeat.period, check.heartbeat.periodUnit)}`;
  return check.frequency === undefined ? undefined : describeFrequency(check.frequency, check.frequencyOffset);
}

/** A check's status word, or "unknown" when the API has no status for it (yet). */
export const statusText = (status: CheckStatus | undefined) => (status ? statusWord(status) : 'unknown');

export function checkColumns(statuses: ReadonlyMap<string, CheckStatus>): Column<Check>[] {
  return [
    { header: 'ID', value: (c) => c.id, display: (c) => shortId(c.id), color: (t, _c, io) => colorId(io.style, t) },
    { header: 'NAME', value: (c) => c.name, shrink: true },
    { header: 'TYPE', value: (c) => c.checkType },
    {
      header: 'STATUS',
      value: (c) => statusText(statuses.get(c.id)),
      color: (t, _c, io) => colorValue(io.style, t),
    },
    { header: 'FREQUENCY', value: (c) => frequencyText(c) },
    { header: 'LOCATIONS', value: (c) => c.locations?.length ?? 0 },
    { header: 'TAGS', value: (c) => (c.tags ?? []).join(','), shrink: 'last' },
  ];
}

/** "5m ago"; a plain date (a check with no result yet: its creation) as it is. */
export function sinceText(status: CheckStatus, now: number): string {
  const since = statusSince(status);
  if (!since) return '—';
  return /^\d{4}-\d{2}-\d{2}$/.test(since) ? since : relativeTime(since, now);
}

export function statusColumns(now: number): Column<CheckStatus>[] {
  return [
    {
      header: 'ID',
      value: (s) => s.checkId,
      display: (s) => shortId(s.checkId),
      color: (t, _s, io) => colorId(io.style, t),
    },
    { header: 'NAME', value: (s) => s.name, shrink: true },
    { header: 'STATUS', value: (s) => statusWord(s), color: (t, _s, io) => colorValue(io.style, t) },
    {
      header: 'SINCE',
      value: (s) => s.updated_at ?? s.created_at,
      display: (s) => sinceText(s, now),
    },
    { header: 'LOCATION', value: (s) => s.lastRunLocation ?? undefined },
  ];
}
