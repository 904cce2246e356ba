/*
 * The time rules of a heartbeat monitor (docs/API.md): a ping is expected every period, and
 * the service alerts once period + grace pass without one. One definition, used by the
 * sandbox (it judges each ping, and a monitor now, against its clock) and by the commands
 * (they show a monitor's state, when the next ping is due and when it alerts). Plain
 * arithmetic: no zod, so that showing a state loads nothing heavy.
 */

export const TIME_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
const UNIT_SECONDS: Record<TimeUnit, number> = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400 };

export function toSeconds(amount: number, unit: TimeUnit): number {
  return amount * UNIT_SECONDS[unit];
}

/**
 * A whole number of seconds as the API's number + unit, in the largest unit that holds it
 * exactly: 120 → 2 minutes, 90 → 90 seconds, 86400 → 1 day (0 → 0 seconds).
 */
export function inLargestUnit(seconds: number): { amount: number; unit: TimeUnit } {
  if (seconds === 0) return { amount: 0, unit: 'seconds' };
  const unit = [...TIME_UNITS].reverse().find((name) => seconds % UNIT_SECONDS[name] === 0) ?? 'seconds';
  return { amount: seconds / UNIT_SECONDS[unit], unit };
}

/** "1 day", "5 minutes" */
export function amountInWords(amount: number, unit: TimeUnit): string {
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

/** "1d", "90s", "5m": the short form a duration flag takes. */
export function amountShort(amount: number, unit: TimeUnit): string {
  return `${amount}${unit[0]}`;
}

/** The spec's ranges (docs/API.md): period 30 seconds to 365 days, grace 0 seconds to 365 days, description <= 500. */
export const HEARTBEAT_LIMITS = {
  periodMinSeconds: 30,
  periodMaxSeconds: 365 * 86_400,
  graceMaxSeconds: 365 * 86_400,
  descriptionMax: 500,
} as const;

/** What is wrong with a period of `seconds` (the spec's range), or undefined. */
export function periodProblem(seconds: number): string | undefined {
  return seconds < HEARTBEAT_LIMITS.periodMinSeconds || seconds > HEARTBEAT_LIMITS.periodMaxSeconds
    ? 'must be 30 seconds to 365 days'
    : undefined;
}

/** What is wrong with a grace of `seconds` (the spec's range), or undefined. */
export function graceProblem(seconds: number): string | undefined {
  return seconds < 0 || seconds > HEARTBEAT_LIMITS.graceMaxSeconds ? 'must be 0 seconds to 365 days' : undefined;
}

/** What the rules need of a monitor: its period and grace, each a number and a unit. */
export interface HeartbeatTiming {
  period: number;
  periodUnit: TimeUnit;
  grace: number;
  graceUnit: TimeUnit;
}

export function periodMs(timing: HeartbeatTiming): number {
  return toSeconds(timing.period, timing.periodUnit) * 1000;
}

export function graceMs(timing: HeartbeatTiming): number {
  return toSeconds(timing.grace, timing.graceUnit) * 1000;
}

/** How long after a ping (or the monitor's creation) the service alerts without another: period + grace. */
export function allowanceMs(timing: HeartbeatTiming): number {
  return periodMs(timing) + graceMs(timing);
}

/** A ping's state (the events' `state`): on time, within the grace time, or after the alert. */
export type PingState = 'RECEIVED' | 'GRACE' | 'LATE';

/** The state of a ping arriving `elapsedMs` after the previous one (or the monitor's creation). */
export function pingState(timing: HeartbeatTiming, elapsedMs: number): PingState {
  if (elapsedMs <= periodMs(timing)) return 'RECEIVED';
  if (elapsedMs <= allowanceMs(timing)) return 'GRACE';
  return 'LATE';
}

/**
 * A monitor's state now, in the words every command and the sandbox use (the help lists
 * them from here).
 */
export const HEARTBEAT_STATES = {
  'on time': 'the last ping came less than one period ago',
  'in grace': 'past its period without a ping, in its grace time: no alert yet',
  late: 'period and grace have passed without a ping: the service alerts',
  'never pinged': 'no ping yet, and its first period and grace have not run out',
  paused: 'deactivated: it records pings but never alerts',
} as const;
export type HeartbeatState = keyof typeof HEARTBEAT_STATES;

export interface HeartbeatJudgement {
  state: HeartbeatState;
  /** The last ping (ms), if any. */
  lastPingAt?: number;
  /** When the next ping is due: one period after the last ping (or the creation). */
  dueAt: number;
  /** When the service alerts without a ping: period + grace after the last ping (or the creation). */
  alertsAt: number;
}

/**
 * A monitor at `now`: its state, when the next ping is due and when it alerts. The clock
 * starts at the last ping, or at the monitor's creation before its first ping.
 */
export function judgeHeartbeat(
  monitor: HeartbeatTiming & { activated?: boolean; createdAt: number; lastPingAt?: number },
  now: number,
): HeartbeatJudgement {
  const since = Math.max(monitor.createdAt, monitor.lastPingAt ?? -Infinity);
  const dueAt = since + periodMs(monitor);
  const alertsAt = since + allowanceMs(monitor);
  const when = { lastPingAt: monitor.lastPingAt, dueAt, alertsAt };
  if (monitor.activated === false) return { state: 'paused', ...when };
  if (now > alertsAt) return { state: 'late', ...when };
  if (monitor.lastPingAt === undefined) return { state: 'never pinged', ...when };
  return { state: now > dueAt ? 'in grace' : 'on time', ...when };
}
