/**
 * Times and durations as users type them, shared by every flag that takes one
 * (`--date`, `--from`, `--to`, `--since`):
 *   a date            2026-11-20           (midnight UTC)
 *   a date-time       2026-11-20T14:05:00Z (ISO 8601; without an offset it is UTC)
 *   a relative time   90s, 15m, 2h, 7d, 2w (that long ago), or "now"
 */
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * "90s", "15m", "2h", "7d", "2w" → milliseconds; undefined when it is not a duration (a bare
 * number among them: its unit is not guessed). Zero only when `zero` says it can be (a grace time).
 */
export function parseDuration(value: string, options: { zero?: boolean } = {}): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$/i.exec(value);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
  return Number.isFinite(ms) && (ms > 0 || (options.zero === true && ms === 0)) ? ms : undefined;
}

/** What a duration flag says when its value is not one: the forms it takes, and a unit for a bare number. */
export function durationRule(value: string): string {
  const bare = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(value)?.[1];
  return bare === undefined
    ? 'must be a duration like 90s, 30m, 2h, 7d or 2w'
    : `needs a unit: ${bare}s, ${bare}m, ${bare}h or ${bare}d (a duration like 90s, 30m, 2h, 7d or 2w)`;
}

/** A point in time from a date, an ISO 8601 date-time, a relative time ago, or "now". */
export function parseTime(value: string, now: number = Date.now()): Date | undefined {
  const text = value.trim();
  if (text.toLowerCase() === 'now') return new Date(now);
  const ago = parseDuration(text.replace(/\s+ago$/i, ''));
  if (ago !== undefined) return new Date(now - ago);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) return validDate(`${text}T00:00:00Z`, Number(date[1]), Number(date[2]), Number(date[3]));
  const dateTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    text,
  );
  if (dateTime) {
    const iso = dateTime[7] ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`;
    return validDate(iso, Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3]));
  }
  return undefined;
}

/** Rejects a day the month does not have, which Date.parse would roll over (2026-02-29 → March 1). */
function validDate(iso: string, year: number, month: number, day: number): Date | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return date;
}

export const TIME_HELP = 'a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)';

/* Times for people. */

const UNITS: [string, number][] = [
  ['y', 365 * 86_400_000],
  ['mo', 30 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** "3m ago", "2h ago", "in 5m", "just now". */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const delta = now - then;
  const size = Math.abs(delta);
  if (size < 10_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (size >= ms) {
      const count = Math.floor(size / ms);
      return delta >= 0 ? `${count}${unit} ago` : `in ${count}${unit}`;
    }
  }
  return 'just now';
}

/**
 * A time for people: "2026-11-20 14:05 UTC (3m ago)", with seconds when they matter
 * (heartbeat pings). A plain date stays as it is; what does not parse is shown as given.
 */
export function timeDisplay(iso: string, now: number, precision: 'minutes' | 'seconds' = 'minutes'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const shown = new Date(time)
    .toISOString()
    .slice(0, precision === 'seconds' ? 19 : 16)
    .replace('T', ' ');
  return `${shown} UTC (${relativeTime(iso, now)})`;
}

/** A duration in seconds as "1h 5m", "45s", "3d 2h". */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size && parts.length < 2) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ');
}
