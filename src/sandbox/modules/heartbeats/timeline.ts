import { createHash } from 'node:crypto';
import type { Availability, HeartbeatEvent } from '../../../api/schemas/heartbeats';
import { parseTime } from '../../../text/time';
import { HttpError } from '../../http';
import type { ModuleContext } from '../../module';
import { allowanceMs, judgeHeartbeat, type HeartbeatState } from '../../../api/heartbeat-rules';
import { DAY } from './rules';
import { pingsOf, type StoredHeartbeat } from './store';

/**
 * Heartbeat monitors: pings on /ping/<token>, and the events and availability reads.
 *
 * Only pings are stored. The rest follows from them, the monitor's period and grace, and the
 * sandbox clock, so that moving the clock (POST /__sandbox/clock) is enough to make a
 * heartbeat miss its deadline:
 * - a ping is RECEIVED when it comes at most one period after the previous ping (or after
 *   the monitor was created), GRACE when it comes later but within period + grace, and LATE
 *   when it comes after that, i.e. while the monitor was failing;
 * - the service's rule: with no ping within period + grace, the monitor fails. A FAILING event
 *   is recorded at that moment (one per outage), and the outage lasts until the next ping;
 * - the success ratio of a window is the share of its time (from the monitor's creation up
 *   to now) in which the monitor was not failing, in percent; null when the window holds no
 *   such time. `totalEntitiesCurrentPeriod` is the number of events in the window.
 * A deactivated monitor records pings but never fails.
 */

/** A stable ID for a derived FAILING event, shaped like a UUID. */
function failingEventId(checkId: string, at: number): string {
  const hex = createHash('sha1').update(`${checkId}:FAILING:${at}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Timeline {
  /** Pings and FAILING state changes, oldest first. */
  events: (HeartbeatEvent & { at: number })[];
  /** [start, end) of each time the monitor was failing. */
  outages: [number, number][];
}

export function timeline(ctx: ModuleContext, monitor: StoredHeartbeat): Timeline {
  const now = ctx.clock.now();
  const allowance = allowanceMs(monitor);
  const fails = monitor.activated !== false;
  const events: Timeline['events'] = [];
  const outages: Timeline['outages'] = [];
  const failed = (at: number, until: number) => {
    events.push({
      id: failingEventId(monitor.id, at),
      state: 'FAILING',
      timestamp: new Date(at).toISOString(),
      source: null,
      userAgent: null,
      at,
    });
    outages.push([at, until]);
  };
  let last = Date.parse(monitor.created_at);
  for (const ping of pingsOf(ctx, monitor.id)) {
    const at = Date.parse(ping.timestamp);
    if (fails && at > last + allowance) failed(last + allowance, at);
    const { checkId: _checkId, ...event } = ping;
    events.push({ ...event, at });
    last = Math.max(last, at);
  }
  if (fails && now > last + allowance) failed(last + allowance, now);
  return { events, outages };
}

/** The monitor's state now (api/heartbeat-rules.ts), by the same rule as its timeline: it fails once period + grace pass without a ping. */
export function currentState(ctx: Pick<ModuleContext, 'store' | 'clock'>, monitor: StoredHeartbeat): HeartbeatState {
  const last = pingsOf(ctx, monitor.id).at(-1);
  return judgeHeartbeat(
    {
      ...monitor,
      createdAt: Date.parse(monitor.created_at),
      lastPingAt: last ? Date.parse(last.timestamp) : undefined,
    },
    ctx.clock.now(),
  ).state;
}

/** The success ratio (percent) of [start, end], or undefined when the monitor has no time in it. */
export function successRatio(
  ctx: ModuleContext,
  monitor: StoredHeartbeat,
  line: Timeline,
  start: number,
  end: number,
): number | undefined {
  const from = Math.max(start, Date.parse(monitor.created_at));
  const to = Math.min(end, ctx.clock.now());
  if (to <= from) return undefined;
  let down = 0;
  for (const [outageStart, outageEnd] of line.outages)
    down += Math.max(0, Math.min(outageEnd, to) - Math.max(outageStart, from));
  return Math.round((1 - down / (to - from)) * 10_000) / 100;
}

/** The availability of [start, end] against the period of the same length before it; null without data. */
export function availability(
  ctx: ModuleContext,
  monitor: StoredHeartbeat,
  line: Timeline,
  start: number,
  end: number,
): Availability | null {
  const current = successRatio(ctx, monitor, line, start, end);
  if (current === undefined) return null;
  const previous = successRatio(ctx, monitor, line, start - (end - start), start);
  return {
    successRatio: { ...(previous === undefined ? {} : { previousPeriod: previous }), currentPeriod: current },
    totalEntitiesCurrentPeriod: line.events.filter((event) => event.at >= start && event.at <= end).length,
  };
}

/** startTime / endTime with the API's defaults: the end is now, the start 24 hours before now. */
export function windowOf(
  ctx: ModuleContext,
  query: { startTime?: string; endTime?: string },
): { start: number; end: number } {
  const now = ctx.clock.now();
  const end = query.endTime === undefined ? now : parseTime(query.endTime)!.getTime();
  const start = query.startTime === undefined ? now - DAY : parseTime(query.startTime)!.getTime();
  if (start >= end) {
    const shown = (value: string | undefined, at: number, fallback: string) =>
      value === undefined ? `${fallback}, ${new Date(at).toISOString()}` : value;
    throw new HttpError(
      400,
      `query.startTime (${shown(query.startTime, start, 'default: 24 hours ago')}) must be before endTime (${shown(query.endTime, end, 'default: now')})`,
    );
  }
  return { start, end };
}

export const bare = (event: HeartbeatEvent & { at: number }): HeartbeatEvent => {
  const { at: _at, ...rest } = event;
  return rest;
};
