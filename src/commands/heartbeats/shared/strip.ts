import { graceMs, periodMs, type HeartbeatTiming } from '../../../api/heartbeat-rules';
import type { IO } from '../../../io';
import { colorValue } from '../../../output/say';
import { displayWidth } from '../../../text/width';
import { relativeTime } from '../../../text/time';

/*
 * A heartbeat's history as a picture (`heartbeats get` and `events` on a terminal): one cell
 * per expected ping, each a glyph of its own (so that it reads without colour), a time axis
 * and a legend, fitted to the width. Pure: the events and the clock are given.
 */

/** What a cell shows: the ping of that period (on time, in the grace time, after the alert), none, or none yet. */
export const CELL_STATES = {
  received: { glyph: '●', words: 'on time', color: 'RECEIVED' },
  grace: { glyph: '◐', words: 'in grace', color: 'GRACE' },
  late: { glyph: '○', words: 'late', color: 'LATE' },
  missing: { glyph: '×', words: 'missing', color: 'FAILING' },
  due: { glyph: '·', words: 'not due yet', color: undefined },
} as const;
export type CellState = keyof typeof CELL_STATES;

/** A ping's state (the events' `state`) as a cell. */
const PING_CELLS: Record<string, CellState> = { RECEIVED: 'received', EARLY: 'received', GRACE: 'grace', LATE: 'late' };
const RANK: CellState[] = ['received', 'grace', 'late'];

export interface StripInput {
  timing: HeartbeatTiming;
  /** The monitor's creation (ms): no cell before it. */
  createdAt?: number;
  /** Its last ping (ms), when known beyond the events (a window that holds none): the cells keep its rhythm. */
  lastPingAt?: number;
  /** The pings and events of the window, in any order. */
  events: readonly { timestamp?: string; state?: string }[];
  /** The window's start (ms). */
  start: number;
  now: number;
  /** At most this many cells (the newest are kept). */
  maxCells: number;
}

export interface Cell {
  /** When the ping of this cell was expected (ms). */
  at: number;
  state: CellState;
}

/**
 * The cells of the window, oldest first. Expected pings are one period apart, counted from
 * the last ping (or the creation, before the first): a job that runs late or early by less
 * than half a period stays in its own cell. An expected ping without a ping is missing once
 * its grace time has passed, not due yet before.
 */
export function stripCells(input: StripInput): Cell[] {
  const period = periodMs(input.timing);
  const grace = graceMs(input.timing);
  const pings = input.events
    .map((event) => ({ at: Date.parse(event.timestamp ?? ''), state: PING_CELLS[event.state ?? ''] }))
    .filter((ping): ping is { at: number; state: CellState } => !Number.isNaN(ping.at) && ping.state !== undefined)
    .filter((ping) => ping.at <= input.now);
  const last = pings.reduce<number | undefined>((latest, ping) => Math.max(latest ?? ping.at, ping.at), undefined);
  const anchor = last ?? input.lastPingAt ?? input.createdAt ?? input.now;
  const created = input.createdAt ?? -Infinity;
  // A ping sent right after the creation has its cell; an expected one is at least half a period after it.
  const firstK = Math.ceil((Math.max(input.start, created - period / 2) - anchor) / period);
  const lastK = Math.floor((input.now - anchor) / period);
  const fromK = Math.max(firstK, lastK - input.maxCells + 1);
  const byCell = new Map<number, CellState>();
  for (const ping of pings) {
    const k = Math.floor((ping.at - anchor) / period + 0.5);
    const seen = byCell.get(k);
    if (seen === undefined || RANK.indexOf(ping.state) < RANK.indexOf(seen)) byCell.set(k, ping.state);
  }
  const cells: Cell[] = [];
  for (let k = fromK; k <= lastK; k++) {
    const at = anchor + k * period;
    const pinged = byCell.get(k);
    if (pinged === undefined && at < created + period / 2) continue;
    cells.push({ at, state: pinged ?? (at + grace < input.now ? 'missing' : 'due') });
  }
  return cells;
}

/** The strip, its time axis and its legend (a line each); empty when the window holds no expected ping. */
export function stripLines(io: Pick<IO, 'style'>, input: Omit<StripInput, 'maxCells'>, columns: number): string[] {
  const cells = stripCells({ ...input, maxCells: Math.max(1, columns) });
  if (!cells.length) return [];
  const style = io.style;
  const paint = (state: CellState, text: string) => {
    const color = CELL_STATES[state].color;
    return color ? colorValue(style, color, text) : style.dim(text);
  };
  // A cell and a space when there is room for both: the glyphs read apart.
  const spaced = cells.length * 2 - 1 <= columns;
  const strip = cells.map((cell) => paint(cell.state, CELL_STATES[cell.state].glyph)).join(spaced ? ' ' : '');
  const width = spaced ? cells.length * 2 - 1 : cells.length;
  const first = relativeTime(new Date(cells[0]!.at).toISOString(), input.now);
  const end = 'now';
  const gap = Math.max(1, width - displayWidth(first) - end.length);
  const axis = cells.length > 1 ? `${first}${' '.repeat(gap)}${end}` : first;
  const legend = (Object.keys(CELL_STATES) as CellState[])
    .map((state) => `${paint(state, CELL_STATES[state].glyph)} ${CELL_STATES[state].words}`)
    .join('  ');
  return [strip, style.dim(axis), legend];
}
