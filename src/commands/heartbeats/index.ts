import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import { AVAILABILITY, CREATE, EVENTS, EXEC, GET, HEARTBEATS, LIST, PING, UPDATE } from './spec';

export function heartbeatsCommand(ctx: Ctx) {
  return nounCommand(ctx, HEARTBEATS, [
    verbCommand(ctx, CREATE, async () => (await import('./create')).createHeartbeatRun),
    verbCommand(ctx, LIST, async () => (await import('./list')).listHeartbeatsRun),
    verbCommand(ctx, GET, async () => (await import('./get')).getHeartbeatRun),
    verbCommand(ctx, UPDATE, async () => (await import('./update')).updateHeartbeatRun),
    verbCommand(ctx, EVENTS, async () => (await import('./events')).heartbeatEventsRun),
    verbCommand(ctx, AVAILABILITY, async () => (await import('./availability')).heartbeatAvailabilityRun),
    verbCommand(ctx, PING, async () => (await import('./ping')).heartbeatPingRun),
    verbCommand(ctx, EXEC, async () => (await import('./exec')).heartbeatExecRun),
  ]);
}
