import type { ModuleContext } from '../../module';
import type { CheckStatusBody } from '../checkStatuses';
import { pingsOf, type StoredHeartbeat } from './store';
import { currentState } from './timeline';

/*
 * A heartbeat monitor as the checks API shows it (the public description's
 * ChecksV1HeartbeatCheck, checkType HEARTBEAT), and its check status: read from this
 * module's store, never copied into the checks module's.
 */

/** The monitor as GET /v1/checks and GET /v1/checks/{id} answer it. */
export function heartbeatCheck(monitor: StoredHeartbeat): Record<string, unknown> {
  const updated = (monitor as { updated_at?: string | null }).updated_at;
  return {
    id: monitor.id,
    name: monitor.name,
    checkType: 'HEARTBEAT',
    activated: monitor.activated ?? true,
    muted: monitor.muted ?? false,
    locations: [],
    tags: monitor.tags ?? [],
    useGlobalAlertSettings: true,
    groupId: null,
    groupOrder: null,
    alertChannelSubscriptions: [],
    runParallel: false,
    description: monitor.description ?? null,
    // The spec's check responses carry created_at as a date (the store keeps the moment, for the deadlines).
    created_at: monitor.created_at.slice(0, 10),
    updated_at: updated ?? null,
    alertChannels: { email: [], webhook: [], slack: [], sms: [] },
    privateLocations: null,
    heartbeat: {
      period: monitor.period,
      periodUnit: monitor.periodUnit,
      grace: monitor.grace,
      graceUnit: monitor.graceUnit,
      pingToken: monitor.pingToken,
    },
  };
}

/**
 * Its status (GET /v1/check-statuses): failing once period + grace passed without a ping (by
 * the module's own rule, timeline.ts); its last result is its last ping (`lastCheckRunId`,
 * null when it was never pinged; `updated_at`, that ping's time).
 */
export function heartbeatStatus(
  ctx: Pick<ModuleContext, 'store' | 'clock'>,
  monitor: StoredHeartbeat,
): CheckStatusBody {
  const last = pingsOf(ctx, monitor.id).at(-1);
  return {
    name: monitor.name,
    checkId: monitor.id,
    hasFailures: currentState(ctx, monitor) === 'FAILING',
    hasErrors: false,
    isDegraded: false,
    longestRun: null,
    shortestRun: null,
    lastRunLocation: null,
    lastCheckRunId: last?.id ?? null,
    sslDaysRemaining: null,
    created_at: monitor.created_at.slice(0, 10),
    updated_at: last?.timestamp ?? null,
  };
}
