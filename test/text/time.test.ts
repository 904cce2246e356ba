import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { humanDuration, parseDuration, parseTime, relativeTime } from '../../src/text/time';

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
