import { toSeconds, type TimeUnit } from '../api/schemas/enums';

/*
 * A heartbeat's state in mon's words, wherever mon shows one (`mon status`, `mon heartbeats`):
 * computed from its schedule and its last ping against the server's clock (the client's
 * `now()`, which follows the `Date` header). Plain data and arithmetic: help text may list
 * the words without loading anything.
 */

/** Each state and what it means, in the order of the day of a job. */
export const HEARTBEAT_STATES = {
  'on time': 'the last ping came within one period',
  'in grace': 'a period has passed since the last ping: it is in its grace time',
  late: 'period and grace have passed without a ping: the service alerts',
  'never pinged': 'no ping has arrived since it was created',
} as const;
export type HeartbeatState = keyof typeof HEARTBEAT_STATES;

/** A heartbeat's schedule, as a check's `heartbeat` carries it. */
export interface HeartbeatSchedule {
  period: number;
  periodUnit: TimeUnit;
  grace: number;
  graceUnit: TimeUnit;
}

export interface HeartbeatTiming {
  state: HeartbeatState;
  /** When the next ping is due (ms): a period after the last ping, or after creation. */
  dueAt: number;
  /** When the service alerts without a ping (ms): the grace after `dueAt`. */
  alertsAt: number;
  /** Past `alertsAt`: the service alerts (late, or never pinged that long). */
  alerting: boolean;
}

/**
 * The state `now` (ms, by the server's clock) of a heartbeat last pinged at `lastPing` (ISO
 * 8601; null or undefined: never) and created at `createdAt` (a date or date-time).
 */
export function heartbeatTiming(
  schedule: HeartbeatSchedule,
  lastPing: string | null | undefined,
  createdAt: string | undefined,
  now: number,
): HeartbeatTiming {
  const pinged = lastPing ? Date.parse(lastPing) : Number.NaN;
  const since = Number.isNaN(pinged) ? Date.parse(createdAt ?? '') : pinged;
  const dueAt = since + toSeconds(schedule.period, schedule.periodUnit) * 1000;
  const alertsAt = dueAt + toSeconds(schedule.grace, schedule.graceUnit) * 1000;
  // A creation time mon cannot read: no deadline is known, so none is said to have passed.
  const alerting = !Number.isNaN(alertsAt) && now > alertsAt;
  const state: HeartbeatState = Number.isNaN(pinged)
    ? 'never pinged'
    : now <= dueAt
      ? 'on time'
      : alerting
        ? 'late'
        : 'in grace';
  return { state, dueAt, alertsAt, alerting };
}
