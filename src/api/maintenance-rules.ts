/*
 * When a maintenance window is in force and which checks it covers (docs/API.md). One
 * definition, used by the sandbox (a covered check does not alert while a window is in force)
 * and by the commands (which window is open now). Plain arithmetic, and Intl for a named time
 * zone: no zod.
 */
import { REPEAT_UNITS, type RepeatUnit } from './schemas/enums';

/** When a window happens: its first occurrence, and how it repeats (the API's fields). */
export interface WindowSchedule {
  startsAt: string;
  endsAt: string;
  repeatInterval?: number | null;
  repeatUnit?: string | null;
  /** The last calendar date (in the window's time zone) an occurrence may start on; null: no end. */
  repeatEndsAt?: string | null;
  /** A named IANA time zone the repetition follows (a daily window stays at 02:00 across DST); null: UTC. */
  timezone?: string | null;
}

/** Which checks a window covers (the API's fields). */
export interface WindowScope {
  tags?: readonly string[] | null;
  silenceAlertsTags?: readonly string[] | null;
  silenceAllAlerts?: boolean | null;
  pauseAllChecks?: boolean | null;
}

const DAY_MS = 86_400_000;
/** An average month (400 years of the Gregorian calendar), to guess which occurrence is near a moment. */
const MONTH_MS = 30.436875 * DAY_MS;

/**
 * A named IANA time zone ("Europe/Berlin", "UTC"): one this Node knows, and not a UTC
 * offset ("+05:00", which newer Nodes take as a zone and the API refuses).
 */
export function isNamedTimeZone(zone: string): boolean {
  if (/^[+\-\u2212]|^(UTC|GMT)[+\-\u2212]/i.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The UTC calendar date of a date (as it is) or of a date-time's instant: how the API keeps repeatEndsAt. */
export function calendarDateOf(text: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : new Date(Date.parse(text)).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `zone` at `instant`, as the UTC instant with those fields (UTC: the instant itself). */
function wallClock(instant: number, zone: string | null | undefined): number {
  if (!zone || zone === 'UTC') return instant;
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) fields[part.type] = Number(part.value);
  const wall = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour! % 24,
    fields.minute!,
    fields.second!,
  );
  return wall + (((instant % 1000) + 1000) % 1000);
}

/** The instant a wall-clock time in `zone` names (a time skipped by a DST change: moved by the change). */
function instantAt(wall: number, zone: string | null | undefined): number {
  if (!zone || zone === 'UTC') return wall;
  const first = wall - (wallClock(wall, zone) - wall);
  return wall - (wallClock(first, zone) - first);
}

/** The wall-clock time `steps` repeat units after `wall` (a month later on the 31st: the month's last day). */
function stepped(wall: number, steps: number, unit: RepeatUnit): number {
  if (unit === 'DAY') return wall + steps * DAY_MS;
  if (unit === 'WEEK') return wall + steps * 7 * DAY_MS;
  const date = new Date(wall);
  const months = date.getUTCMonth() + steps;
  const year = date.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Date.UTC(year, month, day) + (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The last `k` from 0 (at most `max`) whose value is at most `limit`, for a rising `value(k)` near `guess`. */
function lastAtMost(value: (k: number) => number, limit: number, guess: number, max: number): number {
  let k = Math.min(Math.max(0, Math.floor(guess)), max);
  while (k > 0 && value(k) > limit) k -= 1;
  while (k < max && value(k + 1) <= limit) k += 1;
  return k;
}

/**
 * The occurrence of a window in force at `now` (start ≤ now < end), or undefined. A window
 * repeats when it has a repeatInterval (1 to 365) and a repeatUnit: occurrence k starts k ×
 * interval units after startsAt on the wall clock of its time zone (UTC without one), on a
 * date up to repeatEndsAt (inclusive; no end when null), and lasts as long as the first.
 */
export function occurrenceAt(window: WindowSchedule, now: number): { start: number; end: number } | undefined {
  const first = Date.parse(window.startsAt);
  const duration = Date.parse(window.endsAt) - first;
  if (!(duration > 0) || !(now >= first)) return undefined;
  const unit = window.repeatUnit as RepeatUnit;
  const every = window.repeatInterval;
  let start = first;
  if (typeof every === 'number' && every >= 1 && (REPEAT_UNITS as readonly string[]).includes(unit)) {
    const zone = window.timezone;
    const wall = wallClock(first, zone);
    const wallOf = (k: number) => stepped(wall, k * every, unit);
    const step = every * (unit === 'DAY' ? DAY_MS : unit === 'WEEK' ? 7 * DAY_MS : MONTH_MS);
    // The last occurrence allowed: the last to start on repeatEndsAt or before (the first always is).
    const endOfLastDay = window.repeatEndsAt ? Date.parse(window.repeatEndsAt.slice(0, 10)) + DAY_MS - 1 : Infinity;
    const max = Number.isFinite(endOfLastDay)
      ? lastAtMost(wallOf, endOfLastDay, (endOfLastDay - wall) / step, Number.MAX_SAFE_INTEGER)
      : Number.MAX_SAFE_INTEGER;
    const k = lastAtMost((n) => instantAt(wallOf(n), zone), now, (now - first) / step, max);
    start = instantAt(wallOf(k), zone);
  }
  return now < start + duration ? { start, end: start + duration } : undefined;
}

/**
 * Whether a window covers a check with these tags: every check when it silences all alerts or
 * pauses all checks, else a check with one of its `tags` or `silenceAlertsTags` (as written).
 */
export function coversCheck(window: WindowScope, checkTags: readonly string[]): boolean {
  if (window.silenceAllAlerts || window.pauseAllChecks) return true;
  const scope = [...(window.tags ?? []), ...(window.silenceAlertsTags ?? [])];
  return checkTags.some((tag) => scope.includes(tag));
}
