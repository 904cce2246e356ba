/**
 * A heartbeat monitor's state now, as `mon sandbox info` shows it (derived by
 * `currentState` in timeline.ts). Plain data: the command's help lists it.
 */
export const MONITOR_STATES = {
  NEW: 'no ping yet, and its first period and grace have not run out',
  UP: 'the last ping came less than one period ago',
  LATE: 'a period has passed since the last ping: it is in its grace time',
  FAILING: 'period and grace have passed without a ping',
  PAUSED: 'deactivated: it records pings but never fails',
} as const;

export type MonitorState = keyof typeof MONITOR_STATES;
