import type { HeartbeatTiming } from '../../../api/heartbeat-rules';
import { autoAssignAlertsQuerySchema } from '../../../api/schemas/checks';
import {
  heartbeatCreateBodySchema,
  heartbeatUpdateBodySchema,
  type HeartbeatMonitor,
} from '../../../api/schemas/heartbeats';
import { queryObject, validate, type SandboxRequest } from '../../http';
import type { ModuleContext } from '../../module';
import { alertChannelsOf, subscriptionsFor } from '../alertChannels';
import type { CheckStatusBody } from '../checkStatuses';
import { addHeartbeatMonitor, monitors, pingsOf, type StoredHeartbeat } from './store';
import { currentState } from './timeline';

/*
 * Heartbeat monitors as the checks API shows them (POST /v1/checks/heartbeat, PUT
 * /v1/checks/heartbeat/{id}, and a heartbeat in GET /v1/checks and /v1/checks/{id}): the
 * configuration, with period and grace under `heartbeat` beside the ping token and its whole
 * ping URL; and a monitor's check status (GET /v1/check-statuses). Read from this module's
 * store, never copied into the checks module's.
 */

/** A stored monitor as the API answers it. */
export function heartbeatCheckOf(ctx: ModuleContext, monitor: StoredHeartbeat): Record<string, unknown> {
  const subscriptions = monitor.alertChannelSubscriptions ?? [];
  return {
    id: monitor.id,
    name: monitor.name,
    checkType: 'HEARTBEAT',
    activated: monitor.activated ?? true,
    muted: monitor.muted ?? false,
    tags: monitor.tags ?? [],
    description: monitor.description ?? null,
    alertChannelSubscriptions: subscriptions,
    alertChannels: alertChannelsOf(ctx, { alertChannelSubscriptions: subscriptions }),
    heartbeat: {
      period: monitor.period,
      periodUnit: monitor.periodUnit,
      grace: monitor.grace,
      graceUnit: monitor.graceUnit,
      pingToken: monitor.pingToken,
      pingUrl: `${ctx.pingUrl()}/${monitor.pingToken}`,
    },
    created_at: monitor.created_at,
    updated_at: monitor.updated_at ?? null,
  };
}

/**
 * Its check status (GET /v1/check-statuses): failing when it is late (api/heartbeat-rules.ts,
 * against the sandbox clock); its last result is its last ping (`lastCheckRunId`, null when
 * it was never pinged; `updated_at`, that ping's time).
 */
export function heartbeatStatusOf(
  ctx: Pick<ModuleContext, 'store' | 'clock'>,
  monitor: StoredHeartbeat,
): CheckStatusBody {
  const last = pingsOf(ctx, monitor.id).at(-1);
  return {
    name: monitor.name,
    checkId: monitor.id,
    hasFailures: currentState(ctx, monitor) === 'late',
    hasErrors: false,
    isDegraded: false,
    longestRun: null,
    shortestRun: null,
    lastRunLocation: null,
    lastCheckRunId: last?.id ?? null,
    sslDaysRemaining: null,
    // A status's created_at is a date (the description's CheckStatus).
    created_at: monitor.created_at.slice(0, 10),
    updated_at: last?.timestamp ?? null,
  };
}

function autoAssign(request: SandboxRequest): boolean {
  return validate(autoAssignAlertsQuerySchema, queryObject(request.query), 'query').autoAssignAlerts !== 'false';
}

/** POST /v1/checks/heartbeat: a new monitor with a new check ID and ping token. */
export function createHeartbeatCheck(ctx: ModuleContext, request: SandboxRequest): StoredHeartbeat {
  const assign = autoAssign(request);
  const body = validate(heartbeatCreateBodySchema, request.body, 'body');
  const subscriptions = subscriptionsFor(ctx, body, assign);
  const config: HeartbeatMonitor = {
    name: body.name,
    ...timing(body.heartbeat),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.activated !== undefined ? { activated: body.activated } : {}),
    ...(body.muted !== undefined ? { muted: body.muted } : {}),
    ...(body.tags !== undefined ? { tags: body.tags } : {}),
  };
  const monitor = addHeartbeatMonitor(ctx, config);
  return monitors(ctx).put({ ...monitor, alertChannelSubscriptions: subscriptions, updated_at: null });
}

/** PUT /v1/checks/heartbeat/{id}: what the body gives replaces the stored value; the rest stays. */
export function updateHeartbeatCheck(
  ctx: ModuleContext,
  monitor: StoredHeartbeat,
  request: SandboxRequest,
): StoredHeartbeat {
  validate(autoAssignAlertsQuerySchema, queryObject(request.query), 'query');
  const body = validate(heartbeatUpdateBodySchema, request.body, 'body');
  const changed: StoredHeartbeat = {
    ...monitor,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.heartbeat !== undefined ? timing(body.heartbeat) : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.activated !== undefined ? { activated: body.activated } : {}),
    ...(body.muted !== undefined ? { muted: body.muted } : {}),
    ...(body.tags !== undefined ? { tags: body.tags } : {}),
    ...(body.alertChannelSubscriptions !== undefined
      ? { alertChannelSubscriptions: subscriptionsFor(ctx, body, false) }
      : {}),
    updated_at: new Date(ctx.clock.now()).toISOString(),
  };
  return monitors(ctx).put(changed);
}

function timing(heartbeat: HeartbeatTiming): HeartbeatTiming {
  const { period, periodUnit, grace, graceUnit } = heartbeat;
  return { period, periodUnit, grace, graceUnit };
}
