/** The strip of a heartbeat's history (src/commands/heartbeats/shared/strip.ts): one cell per expected ping. */
import { describe, expect, it } from 'vitest';
import { testIO } from '../../../../src/io';
import { stripCells, stripLines, type StripInput } from '../../../../src/commands/heartbeats/shared/strip';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-01T02:00:00Z');
const DAILY = { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' } as const;
const at = (ms: number) => new Date(ms).toISOString();
const ping = (ms: number, state = 'RECEIVED') => ({ timestamp: at(ms), state });

/** Five nightly pings, 02:00 to a few minutes late; the last on day 4. */
const NIGHTLY = [0, 1, 2, 3, 4].map((day) => ping(T0 + day * DAY + day * 60_000));
const input = (over: Partial<StripInput>): StripInput => ({
  timing: DAILY,
  events: NIGHTLY,
  start: T0 - HOUR,
  now: T0 + 4 * DAY + HOUR,
  maxCells: 80,
  ...over,
});
const glyphs = (over: Partial<StripInput>) => stripCells(input(over)).map((cell) => cell.state);

describe('stripCells', () => {
  it('one cell per expected ping: a job a few minutes off its time stays in its own cell', () => {
    expect(glyphs({})).toEqual(['received', 'received', 'received', 'received', 'received']);
  });

  it('a ping in the grace time, and one after the alert, each in its own state', () => {
    const events = [...NIGHTLY.slice(0, 4), ping(T0 + 4 * DAY + 30 * 60_000, 'GRACE')];
    events[2] = ping(T0 + 2 * DAY + 2 * HOUR, 'LATE');
    expect(glyphs({ events })).toEqual(['received', 'received', 'late', 'received', 'grace']);
  });

  it('after the last ping: not due yet within period + grace, missing once it has passed', () => {
    const last = T0 + 4 * DAY + 4 * 60_000;
    expect(glyphs({ now: last + DAY + 30 * 60_000 }).slice(-2)).toEqual(['received', 'due']);
    expect(glyphs({ now: last + DAY + HOUR + 1 }).slice(-2)).toEqual(['received', 'missing']);
    expect(glyphs({ now: last + 3 * DAY + HOUR + 1 }).slice(-4)).toEqual(['received', 'missing', 'missing', 'missing']);
  });

  it('keeps the newest cells that fit, and none before the window or the creation', () => {
    expect(glyphs({ maxCells: 2 })).toHaveLength(2);
    expect(glyphs({ start: T0 + 2 * DAY - HOUR })).toHaveLength(3);
    expect(glyphs({ createdAt: T0 + 3 * DAY - HOUR })).toHaveLength(2);
  });

  it('a window without pings keeps the rhythm of the last ping before it', () => {
    const lastPingAt = T0 + 4 * DAY + 4 * 60_000;
    const cells = stripCells(input({ events: [], lastPingAt, start: T0 + 10 * DAY, now: T0 + 12 * DAY + 2 * HOUR }));
    expect(cells.map((cell) => cell.at - lastPingAt)).toEqual([6 * DAY, 7 * DAY, 8 * DAY]);
    expect(cells.map((cell) => cell.state)).toEqual(['missing', 'missing', 'missing']);
  });

  it('never pinged: the first expected ping is one period after the creation', () => {
    const createdAt = T0;
    expect(glyphs({ events: [], createdAt, now: T0 + 12 * HOUR })).toEqual([]);
    expect(glyphs({ events: [], createdAt, now: T0 + DAY + 2 * HOUR })).toEqual(['missing']);
  });
});

describe('stripLines', () => {
  const missingTwo = input({ now: T0 + 6 * DAY + 2 * HOUR });
  it('without colour: distinct glyphs, a time axis to now and a legend', async () => {
    const io = testIO({ tty: true });
    await io.setColor({ noColorFlag: true, env: {} });
    expect(stripLines(io, missingTwo, 80)).toEqual([
      '● ● ● ● ● × ×',
      '6d ago    now',
      '● on time  ◐ in grace  ○ late  × missing  · not due yet',
    ]);
  });

  it('packs the cells without spaces when spaced ones would not fit', async () => {
    const io = testIO({ tty: true });
    await io.setColor({ noColorFlag: true, env: {} });
    expect(stripLines(io, missingTwo, 12).slice(0, 2)).toEqual(['●●●●●××', '6d ago now']);
    expect(stripLines(io, missingTwo, 3)[0]).toBe('●××');
  });

  it('with colour: the same glyphs, coloured', async () => {
    const io = testIO({ tty: true });
    await io.setColor({ noColorFlag: false, env: { FORCE_COLOR: '1' } });
    const [strip] = stripLines(io, missingTwo, 80);
    expect(strip).toContain('\u001b[');
    expect(strip!.replace(/\u001b\[[0-9;]*m/g, '')).toBe('● ● ● ● ● × ×');
  });
});
