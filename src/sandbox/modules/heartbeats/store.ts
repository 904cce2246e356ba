import { randomUUID } from 'node:crypto';
import { heartbeatMonitorSchema, type HeartbeatMonitor } from '../../../api/schemas/heartbeats';
import type { ModuleContext } from '../../module';
import type { Collection } from '../../collection';
import { pingState, type PingState } from '../../../api/heartbeat-rules';

/* What the heartbeats module stores: monitors, and the pings they received (nothing else). */

export interface StoredHeartbeat extends HeartbeatMonitor {
  /** The check ID. */
  id: string;
  /** The secret part of the ping URL. */
  pingToken: string;
  /** A date-time: the monitor's clock starts there until its first ping. */
  created_at: string;
  updated_at?: string | null;
  /** The alert channels it notifies (POST and PUT /v1/checks/heartbeat). */
  alertChannelSubscriptions?: { alertChannelId: number; activated: boolean }[];
}

export interface StoredPing {
  id: string;
  checkId: string;
  timestamp: string;
  state: PingState;
  source: string | null;
  userAgent: string | null;
}

const MONITORS = 'heartbeats';
const PINGS = 'heartbeatPings';

export function monitors(ctx: Pick<ModuleContext, 'store'>): Collection<StoredHeartbeat> {
  return ctx.store.collection<StoredHeartbeat>(MONITORS);
}

export function pings(ctx: Pick<ModuleContext, 'store'>): Collection<StoredPing> {
  return ctx.store.collection<StoredPing>(PINGS);
}

export function pingsOf(ctx: Pick<ModuleContext, 'store'>, checkId: string): StoredPing[] {
  return pings(ctx)
    .values()
    .filter((ping) => ping.checkId === checkId)
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

/** Adds a monitor (validated with api/schemas/heartbeats.ts) with a new check ID and ping token. */
export function addHeartbeatMonitor(
  ctx: Pick<ModuleContext, 'store' | 'clock'>,
  config: HeartbeatMonitor,
  createdAt = ctx.clock.now(),
): StoredHeartbeat {
  const checked = heartbeatMonitorSchema.parse(config);
  return monitors(ctx).put({
    ...checked,
    id: randomUUID(),
    pingToken: randomUUID(),
    created_at: new Date(createdAt).toISOString(),
  });
}

export function recordPing(
  ctx: Pick<ModuleContext, 'store'>,
  monitor: StoredHeartbeat,
  at: number,
  from: { source: string | null; userAgent: string | null },
): StoredPing {
  const previous = pingsOf(ctx, monitor.id).at(-1);
  const since = previous ? Date.parse(previous.timestamp) : Date.parse(monitor.created_at);
  return pings(ctx).put({
    id: randomUUID(),
    checkId: monitor.id,
    timestamp: new Date(at).toISOString(),
    state: pingState(monitor, at - since),
    ...from,
  });
}

/** Deletes a monitor with its pings: its ping token no longer answers. */
export function deleteHeartbeatMonitor(ctx: Pick<ModuleContext, 'store'>, id: string): void {
  for (const ping of pingsOf(ctx, id)) pings(ctx).delete(ping.id);
  monitors(ctx).delete(id);
}
