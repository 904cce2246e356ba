/**
 * src/api/maintenance-rules.ts: when a maintenance window is in force (its first occurrence,
 * its repeats by day, week and month, up to repeatEndsAt, in its time zone across a DST change)
 * and which checks it covers; each boundary, and one past it.
 */
import { describe, expect, it } from 'vitest';
import {
  calendarDateOf,
  coversCheck,
  isNamedTimeZone,
  occurrenceAt,
  type WindowSchedule,
} from '../../src/api/maintenance-rules';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const inForce = (window: WindowSchedule, iso: string) => occurrenceAt(window, at(iso)) !== undefined;

const ONCE: WindowSchedule = { startsAt: '2026-03-02T10:00:00Z', endsAt: '2026-03-02T11:00:00Z' };

describe('a window that does not repeat', () => {
  it.each([
    ['2026-03-02T09:59:59.999Z', false],
    ['2026-03-02T10:00:00.000Z', true],
    ['2026-03-02T10:59:59.999Z', true],
    ['2026-03-02T11:00:00.000Z', false],
    ['2026-03-03T10:30:00.000Z', false],
  ])('at %s: in force %s (startsAt ≤ now < endsAt)', (iso, expected) => {
    expect(inForce(ONCE, iso)).toBe(expected);
  });

  it('says which occurrence is in force', () => {
    expect(occurrenceAt(ONCE, at('2026-03-02T10:30:00Z'))).toEqual({ start: at(ONCE.startsAt), end: at(ONCE.endsAt) });
  });

  it('does not repeat without a repeatInterval, whatever its repeatUnit (the API requires one on create)', () => {
    expect(inForce({ ...ONCE, repeatUnit: 'DAY', repeatInterval: null }, '2026-03-03T10:30:00Z')).toBe(false);
    expect(inForce({ ...ONCE, repeatUnit: null, repeatInterval: 1 }, '2026-03-03T10:30:00Z')).toBe(false);
  });

  it('is never in force when it ends before it starts (the API refuses such a window)', () => {
    expect(inForce({ startsAt: ONCE.endsAt, endsAt: ONCE.startsAt }, '2026-03-02T10:30:00Z')).toBe(false);
  });
});

describe('a repeating window', () => {
  const daily: WindowSchedule = { ...ONCE, repeatUnit: 'DAY', repeatInterval: 1 };

  it.each([
    ['2026-03-04T10:00:00Z', true],
    ['2026-03-04T09:59:59Z', false],
    ['2026-03-04T11:00:00Z', false],
    ['2126-03-04T10:30:00Z', true],
  ])('every day: at %s in force %s', (iso, expected) => {
    expect(inForce(daily, iso)).toBe(expected);
  });

  it('every 2 days: on the days between, not in force', () => {
    const everyOther = { ...daily, repeatInterval: 2 };
    expect(inForce(everyOther, '2026-03-03T10:30:00Z')).toBe(false);
    expect(inForce(everyOther, '2026-03-04T10:30:00Z')).toBe(true);
  });

  it('every week: the same weekday', () => {
    const weekly = { ...daily, repeatUnit: 'WEEK' };
    expect(inForce(weekly, '2026-03-08T10:30:00Z')).toBe(false);
    expect(inForce(weekly, '2026-03-09T10:30:00Z')).toBe(true);
  });

  it("every month: the same day, or the month's last when it has none (from the 31st)", () => {
    const monthly: WindowSchedule = {
      startsAt: '2026-01-31T22:00:00Z',
      endsAt: '2026-01-31T23:00:00Z',
      repeatUnit: 'MONTH',
      repeatInterval: 1,
    };
    expect(inForce(monthly, '2026-02-28T22:30:00Z')).toBe(true);
    expect(inForce(monthly, '2026-03-28T22:30:00Z')).toBe(false);
    expect(inForce(monthly, '2026-03-31T22:30:00Z')).toBe(true);
    expect(inForce(monthly, '2028-02-29T22:30:00Z')).toBe(true);
  });

  it('up to repeatEndsAt, inclusive: an occurrence starting on that date, and none after', () => {
    const until = { ...daily, repeatEndsAt: '2026-03-05' };
    expect(inForce(until, '2026-03-05T10:30:00Z')).toBe(true);
    expect(inForce(until, '2026-03-06T10:30:00Z')).toBe(false);
  });

  it('the last occurrence runs its whole length past repeatEndsAt', () => {
    const lateNight = {
      startsAt: '2026-03-02T23:00:00Z',
      endsAt: '2026-03-03T01:00:00Z',
      repeatUnit: 'DAY',
      repeatInterval: 1,
      repeatEndsAt: '2026-03-03',
    };
    expect(inForce(lateNight, '2026-03-04T00:30:00Z')).toBe(true);
    expect(inForce(lateNight, '2026-03-04T23:30:00Z')).toBe(false);
  });

  it("keeps its wall-clock time in its time zone across a DST change (Berlin's of 2026-03-29)", () => {
    // 09:00 to 10:00 in Berlin: 08:00Z in winter (UTC+1), 07:00Z in summer (UTC+2).
    const berlin: WindowSchedule = {
      startsAt: '2026-03-27T08:00:00Z',
      endsAt: '2026-03-27T09:00:00Z',
      repeatUnit: 'DAY',
      repeatInterval: 1,
      timezone: 'Europe/Berlin',
    };
    expect(occurrenceAt(berlin, at('2026-03-30T07:30:00Z'))).toEqual({
      start: at('2026-03-30T07:00:00Z'),
      end: at('2026-03-30T07:00:00Z') + HOUR,
    });
    expect(inForce(berlin, '2026-03-30T08:30:00Z')).toBe(false);
    // Without a time zone the same window keeps its UTC time.
    expect(inForce({ ...berlin, timezone: null }, '2026-03-30T08:30:00Z')).toBe(true);
    expect(inForce({ ...berlin, timezone: 'UTC' }, '2026-03-30T07:30:00Z')).toBe(false);
  });
});

describe('which checks a window covers', () => {
  it.each([
    [{ tags: ['web'] }, ['api', 'web'], true],
    [{ tags: ['web'] }, ['api'], false],
    [{ tags: ['Web'] }, ['web'], false],
    [{ silenceAlertsTags: ['api'] }, ['api'], true],
    [{ tags: [], silenceAllAlerts: true }, [], true],
    [{ pauseAllChecks: true }, ['x'], true],
    [{ tags: null, silenceAlertsTags: null }, ['x'], false],
  ])('%j covers a check tagged %j: %s', (scope, tags, expected) => {
    expect(coversCheck(scope, tags)).toBe(expected);
  });
});

describe('time zones and dates', () => {
  it.each([
    ['Europe/Berlin', true],
    ['UTC', true],
    ['America/New_York', true],
    ['+05:00', false],
    ['-0300', false],
    ['UTC+5', false],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%j is a named IANA time zone: %s', (zone, expected) => {
    expect(isNamedTimeZone(zone)).toBe(expected);
  });

  it("keeps a date as it is and takes a date-time's UTC date (repeatEndsAt)", () => {
    expect(calendarDateOf('2026-03-05')).toBe('2026-03-05');
    expect(calendarDateOf('2026-03-05T23:30:00-02:00')).toBe('2026-03-06');
  });
});
