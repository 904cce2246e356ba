import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  absoluteTime,
  humanDuration,
  MAX_DURATION_MS,
  parseDuration,
  parseTime,
  readDuration,
  relativeTime,
  timeDisplay,
  timeRule,
} from '../../src/text/time';

describe('times', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:55Z', 'just now'],
    ['2026-11-22T11:57:00Z', '3m ago'],
    ['2026-11-22T10:00:00Z', '2h ago'],
    ['2026-11-15T12:00:00Z', '7d ago'],
    ['2026-11-22T12:05:00Z', 'in 5m'],
    ['not a date', 'not a date'],
  ])('%s is "%s"', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
  it('formats durations in seconds', () => {
    expect(humanDuration(45)).toBe('45s');
    expect(humanDuration(3900)).toBe('1h 5m');
    expect(humanDuration(90061)).toBe('1d 1h');
  });
});

const NOW = Date.parse('2026-11-22T12:00:00Z');

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('--date: times and durations', () => {
  it('accepts a calendar date exactly when the month has that day (leap years included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2400 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const parsed = parseTime(`${year}-${pad(month)}-${pad(day)}`, NOW);
          const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
          expect(parsed !== undefined).toBe(exists);
          if (parsed) expect(parsed.toISOString()).toBe(`${year}-${pad(month)}-${pad(day)}T00:00:00.000Z`);
        },
      ),
    );
  });

  it('reads back any instant written as ISO 8601, in UTC or with an offset', () => {
    const instant = fc
      .integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) })
      .map((ms) => Math.floor(ms / 1000) * 1000);
    fc.assert(
      fc.property(instant, fc.integer({ min: -12 * 60, max: 14 * 60 }), (ms, offsetMinutes) => {
        expect(parseTime(new Date(ms).toISOString(), NOW)?.getTime()).toBe(ms);
        // The same instant as local time at an offset: 2026-11-22T17:30:00+05:30.
        const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
        expect(parseTime(`${local}${offset}`, NOW)?.getTime()).toBe(ms);
      }),
    );
  });

  it('reads "N<unit>" (and "N<unit> ago") as that long before now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...(Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[])),
        fc.boolean(),
        (n, unit, ago) => {
          expect(parseDuration(`${n}${unit}`)).toBe(n * UNIT_MS[unit]);
          expect(parseTime(`${n}${unit}${ago ? ' ago' : ''}`, NOW)?.getTime()).toBe(NOW - n * UNIT_MS[unit]);
        },
      ),
    );
  });

  it('never throws on any text, and what it accepts is a real instant', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = parseTime(text, NOW);
        if (parsed !== undefined) expect(Number.isNaN(parsed.getTime())).toBe(false);
        const duration = parseDuration(text);
        if (duration !== undefined) expect(duration).toBeGreaterThan(0);
      }),
    );
  });
});

describe('relativeTime at the bound of each unit', () => {
  it.each([
    ['2026-11-22T11:59:50.001Z', 'just now'],
    ['2026-11-22T11:59:50Z', '10s ago'],
    ['2026-11-22T12:00:09.999Z', 'just now'],
    ['2026-11-22T12:00:10Z', 'in 10s'],
    ['2026-11-22T11:59:00.001Z', '59s ago'],
    ['2026-11-22T11:59:00Z', '1m ago'],
    ['2026-11-22T11:00:00.001Z', '59m ago'],
    ['2026-11-22T11:00:00Z', '1h ago'],
    ['2026-11-21T12:00:00.001Z', '23h ago'],
    ['2026-11-21T12:00:00Z', '1d ago'],
    ['2026-10-23T12:00:00.001Z', '29d ago'],
    ['2026-10-23T12:00:00Z', '1mo ago'],
    ['2025-11-22T12:00:00.001Z', '12mo ago'],
    ['2025-11-22T12:00:00Z', '1y ago'],
    ['2028-11-22T12:00:00Z', 'in 2y'],
  ])('%s is "%s"', (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });
});

describe('timeDisplay and absoluteTime', () => {
  it('show a time in UTC to the minute, or to the second when asked, with the time ago when it is now', () => {
    expect(timeDisplay('2026-11-22T11:57:00Z', NOW)).toBe('2026-11-22 11:57 UTC (3m ago)');
    expect(timeDisplay('2026-11-22T17:27:09+05:30', NOW, 'seconds')).toBe('2026-11-22 11:57:09 UTC (2m ago)');
    expect(absoluteTime('2026-11-22T11:57:09Z')).toBe('2026-11-22 11:57 UTC');
    expect(absoluteTime('2026-11-22T11:57:09Z', 'seconds')).toBe('2026-11-22 11:57:09 UTC');
  });

  it('leave a plain date, and what does not parse, as given', () => {
    for (const value of ['2026-11-22', 'not a time', '']) {
      expect(timeDisplay(value, NOW)).toBe(value);
      expect(absoluteTime(value)).toBe(value);
    }
  });
});

describe('humanDuration', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [59.4, '59s'],
    [59.5, '1m'],
    [60, '1m'],
    [61, '1m 1s'],
    [3599, '59m 59s'],
    [3600, '1h'],
    [3661, '1h 1m'],
    [86_399, '23h 59m'],
    [86_400, '1d'],
    [90_061, '1d 1h'],
    [-1, '-1'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%d seconds is "%s" (two units at most)', (seconds, words) => {
    expect(humanDuration(seconds)).toBe(words);
  });
});

describe('parseDuration and readDuration', () => {
  const ruleWords = 'must be a duration like 90s, 30m, 2h, 7d or 2w';

  it.each([
    ['90s', 90_000],
    [' 2H ', 7_200_000],
    ['1.5h', 5_400_000],
    ['2w', 1_209_600_000],
    ['1.25h', 4_500_000],
    [' 2 h ', 7_200_000],
    // The longest: 10,000 years.
    ['3652425d', MAX_DURATION_MS],
  ])('%j is %i ms', (value, ms) => {
    expect(parseDuration(value)).toBe(ms);
    expect(readDuration(value)).toEqual({ ms });
  });

  it('refuses one day past 10,000 years, saying the longest', () => {
    expect(MAX_DURATION_MS).toBe(3_652_425 * UNIT_MS.d);
    expect(parseDuration('3652426d')).toBeUndefined();
    expect(readDuration('3652426d')).toEqual({ problem: 'must be at most 3652425d (10,000 years)', tooLong: true });
    expect(readDuration('9'.repeat(400) + 'w')).toEqual({
      problem: 'must be at most 3652425d (10,000 years)',
      tooLong: true,
    });
  });

  it('takes zero only where it may be (a grace time)', () => {
    expect(parseDuration('0s')).toBeUndefined();
    expect(parseDuration('0s', { zero: true })).toBe(0);
    expect(readDuration('0m')).toEqual({ problem: ruleWords });
    expect(readDuration('0m', { zero: true })).toEqual({ ms: 0 });
  });

  it('asks for a unit for a bare number, and says what a duration is for anything else', () => {
    expect(readDuration(' 2 ')).toEqual({
      problem: 'needs a unit: 2s, 2m, 2h or 2d (a duration like 90s, 30m, 2h, 7d or 2w)',
    });
    expect(readDuration('22')).toEqual({
      problem: 'needs a unit: 22s, 22m, 22h or 22d (a duration like 90s, 30m, 2h, 7d or 2w)',
    });
    expect(readDuration('2.55')).toEqual({
      problem: 'needs a unit: 2.55s, 2.55m, 2.55h or 2.55d (a duration like 90s, 30m, 2h, 7d or 2w)',
    });
    expect(readDuration('2.5')).toEqual({
      problem: 'needs a unit: 2.5s, 2.5m, 2.5h or 2.5d (a duration like 90s, 30m, 2h, 7d or 2w)',
    });
    for (const value of ['', 'abc', '2x', '2 hours', '-2h', 'h2', '2h2'])
      expect(readDuration(value), value).toEqual({ problem: ruleWords });
  });

  it("holds a duration to the caller's longest, the bound itself accepted", () => {
    const max = { ms: 2 * UNIT_MS.d, words: '2d' };
    expect(readDuration('48h', { max })).toEqual({ ms: 2 * UNIT_MS.d });
    expect(readDuration('2881m', { max })).toEqual({ problem: 'must be at most 2d', tooLong: true });
  });

  it('holds a time ago (--since) to year 0000, the first day accepted', () => {
    // From NOW back to 0000-01-01 is 740,307 days and 12 hours.
    expect(readDuration('740307d', { ago: NOW })).toEqual({ ms: 740_307 * UNIT_MS.d });
    const back = "must be at most 740307d (back to 0000-01-01, the first of the API's four-digit years)";
    expect(readDuration('740308d', { ago: NOW })).toEqual({ problem: `${back}; it is in the year -1`, tooLong: true });
    // From midnight, the last day back reaches 0000-01-01T00:00:00Z exactly: accepted.
    expect(readDuration('740307d', { ago: Date.parse('2026-11-22T00:00:00Z') })).toEqual({ ms: 740_307 * UNIT_MS.d });
    expect(readDuration('9'.repeat(20) + 'd', { ago: NOW })).toEqual({
      problem: `${back}; it is before the year 0000`,
      tooLong: true,
    });
  });
});

describe('parseTime and timeRule', () => {
  it.each([
    ['now', '2026-11-22T12:00:00.000Z'],
    [' NOW ', '2026-11-22T12:00:00.000Z'],
    ['2h ago', '2026-11-22T10:00:00.000Z'],
    ['2H AGO', '2026-11-22T10:00:00.000Z'],
    ['2026-11-20', '2026-11-20T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2026-11-20T14:05', '2026-11-20T14:05:00.000Z'],
    ['2026-11-20 14:05', '2026-11-20T14:05:00.000Z'],
    ['2026-11-20T14:05:30', '2026-11-20T14:05:30.000Z'],
    ['2026-11-20T14:05:30.250Z', '2026-11-20T14:05:30.250Z'],
    ['2026-11-20 14:05:00+05:30', '2026-11-20T08:35:00.000Z'],
    ['2026-11-20T14:05:00+0530', '2026-11-20T08:35:00.000Z'],
    ['2026-11-20t14:05z', '2026-11-20T14:05:00.000Z'],
    // The first and the last instant of the API's years.
    ['0000-01-01', '0000-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('%j is %s', (value, iso) => {
    expect(parseTime(value, NOW)?.toISOString()).toBe(iso);
  });

  it.each([
    ['0s', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['garbage', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['2026-02-29', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['2026-11-31T10:00Z', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['2026-13-01T00:00Z', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['x2026-11-20', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['2026-11-20T14:05Zx', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    [
      '9999-12-31T23:59:59.999-00:01',
      "must be between 0000-01-01 and 9999-12-31 UTC, the API's four-digit years; it is in the year 10000",
    ],
    [
      '0000-01-01T00:00:00.000+00:01',
      "must be between 0000-01-01 and 9999-12-31 UTC, the API's four-digit years; it is in the year -1",
    ],
    ['2 agoh', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['2026-11-20T25:00Z', 'must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'],
    ['740308d', "must be between 0000-01-01 and 9999-12-31 UTC, the API's four-digit years; it is in the year -1"],
  ])('%j is refused: "%s"', (value, rule) => {
    expect(parseTime(value, NOW)).toBeUndefined();
    expect(timeRule(value, NOW)).toBe(rule);
  });

  it('names the side, not a year, for an instant past what a Date holds', () => {
    const range = "must be between 0000-01-01 and 9999-12-31 UTC, the API's four-digit years";
    // 100,000,000 days before 1970 is the earliest instant a Date holds: it still has a year.
    expect(timeRule('100000000d', 0)).toBe(`${range}; it is in the year -271821`);
    expect(timeRule('100000001d', 0)).toBe(`${range}; it is before the year 0000`);
    expect(timeRule('now', 9e15)).toBe(`${range}; it is after the year 9999`);
  });

  it('reads a time ago from the clock when no time is given', () => {
    const before = Date.now();
    const at = parseTime('1d')!.getTime();
    expect(at).toBeGreaterThanOrEqual(before - UNIT_MS.d);
    expect(at).toBeLessThanOrEqual(Date.now() - UNIT_MS.d);
  });
});
