/**
 * Times and durations as users type them, shared by every flag that takes one
 * (`--date`, `--from`, `--to`, `--since`):
 *   a date            2026-11-20           (midnight UTC)
 *   a date-time       2026-11-20T14:05:00Z (ISO 8601; without an offset it is UTC)
 *   a relative time   90s, 15m, 2h, 7d, 2w (that long ago), or "now"
 */
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * The instants the API's date-times can say: four-digit years, 0000-01-01T00:00:00.000Z to
 * 9999-12-31T23:59:59.999Z. A JavaScript Date goes further (and prints "-000712-..." or
 * "+010000-...", which no API reads), or becomes Invalid Date: every time mon reads is
 * checked against this range before it is used.
 */
export const TIME_RANGE = { min: Date.parse('0000-01-01T00:00:00.000Z'), max: Date.parse('9999-12-31T23:59:59.999Z') };

/**
 * The longest duration mon takes: the span of those years, 3,652,425 days (10,000 years).
 * Longer, a duration could not be a time ago, nor anything a timer or the API can say; and a
 * number of milliseconds up to it is exact.
 */
export const MAX_DURATION_MS = TIME_RANGE.max + 1 - TIME_RANGE.min;
const MAX_DURATION_WORDS = `${MAX_DURATION_MS / UNIT_MS.d!}d (10,000 years)`;

/** "90s" → 90,000 as typed, unbounded (Infinity for a number too long); undefined when it is no duration. */
function durationAsTyped(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$/i.exec(value);
  return match ? Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]! : undefined;
}

/**
 * "90s", "15m", "2h", "7d", "2w" → milliseconds; undefined when it is not a duration (a bare
 * number among them: its unit is not guessed), or longer than MAX_DURATION_MS. Zero only when
 * `zero` says it can be (a grace time).
 */
export function parseDuration(value: string, options: { zero?: boolean } = {}): number | undefined {
  const ms = durationAsTyped(value);
  if (ms === undefined || ms > MAX_DURATION_MS) return undefined;
  return ms > 0 || (options.zero === true && ms === 0) ? ms : undefined;
}

/**
 * A duration flag's value in milliseconds, or what is wrong with it (the rule, for the flag's
 * message): not a duration (a unit for a bare number), zero where it cannot be, longer than
 * `max` (what it feeds can take; MAX_DURATION_MS at most), or, for a time that long before
 * `ago` (--since), before year 0000.
 */
export function readDuration(
  value: string,
  options: { zero?: boolean; ago?: number; max?: { ms: number; words: string } } = {},
): { ms: number } | { problem: string; tooLong?: true } {
  const ms = durationAsTyped(value);
  if (options.ago !== undefined && ms !== undefined && options.ago - ms < TIME_RANGE.min) {
    const days = Math.floor((options.ago - TIME_RANGE.min) / UNIT_MS.d!);
    return {
      problem: `must be at most ${days}d (back to 0000-01-01, the first of ${YEARS}); ${outside(options.ago - ms)}`,
      tooLong: true,
    };
  }
  const max = options.max ?? { ms: MAX_DURATION_MS, words: MAX_DURATION_WORDS };
  if (ms !== undefined && ms > max.ms) return { problem: `must be at most ${max.words}`, tooLong: true };
  const valid = parseDuration(value, options);
  if (valid !== undefined) return { ms: valid };
  const bare = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(value)?.[1];
  return {
    problem:
      bare === undefined
        ? 'must be a duration like 90s, 30m, 2h, 7d or 2w'
        : `needs a unit: ${bare}s, ${bare}m, ${bare}h or ${bare}d (a duration like 90s, 30m, 2h, 7d or 2w)`,
  };
}

const YEARS = "the API's four-digit years";

/** "it is in the year -712": where an instant outside TIME_RANGE falls. */
function outside(at: number): string {
  // A Date holds ±8.64e15 ms: past that there is no year to name, only a side.
  if (Math.abs(at) > 8.64e15) return `it is ${at < 0 ? 'before the year 0000' : 'after the year 9999'}`;
  return `it is in the year ${new Date(at).getUTCFullYear()}`;
}

/** An instant as typed (milliseconds, perhaps outside TIME_RANGE), or undefined when it is no time. */
function timeAsTyped(value: string, now: number): number | undefined {
  const text = value.trim();
  if (text.toLowerCase() === 'now') return now;
  const ago = durationAsTyped(text.replace(/\s+ago$/i, ''));
  if (ago !== undefined) return ago > 0 ? now - ago : undefined;
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

/**
 * A point in time from a date, an ISO 8601 date-time, a relative time ago, or "now";
 * undefined when it is none, or outside TIME_RANGE (timeRule says which).
 */
export function parseTime(value: string, now: number = Date.now()): Date | undefined {
  const at = timeAsTyped(value, now);
  return at === undefined || at < TIME_RANGE.min || at > TIME_RANGE.max ? undefined : new Date(at);
}

/** What a time flag says when parseTime refused its value: the forms it takes, or the range. */
export function timeRule(value: string, now: number): string {
  const at = timeAsTyped(value, now);
  return at === undefined
    ? `must be ${TIME_HELP}`
    : `must be between 0000-01-01 and 9999-12-31 UTC, ${YEARS}; ${outside(at)}`;
}

/** Rejects a day the month does not have, which Date.parse would roll over (2026-02-29 → March 1). */
function validDate(iso: string, year: number, month: number, day: number): number | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return time;
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
  const shown = utcTime(iso, precision);
  return shown === undefined ? iso : `${shown} (${relativeTime(iso, now)})`;
}

/** The same without the time ago, for what is read later (a document): "2026-11-20 14:05 UTC". */
export function absoluteTime(iso: string, precision: 'minutes' | 'seconds' = 'minutes'): string {
  return utcTime(iso, precision) ?? iso;
}

function utcTime(iso: string, precision: 'minutes' | 'seconds'): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
  const shown = new Date(time)
    .toISOString()
    .slice(0, precision === 'seconds' ? 19 : 16)
    .replace('T', ' ');
  return `${shown} UTC`;
}

/** A duration in seconds as "1h 5m", "45s", "3d 2h". */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  // Rounded first: 59.6 seconds is "1m", never "60s".
  let rest = Math.round(seconds);
  if (rest < 60) return `${rest}s`;
  const parts: string[] = [];
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
