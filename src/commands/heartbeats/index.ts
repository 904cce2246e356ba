import { nounNode, verbNode } from '../../core/flags/tree';
import { AVAILABILITY, CREATE, EVENTS, EXEC, GET, HEARTBEATS, LIST, PING, UPDATE } from './spec';

export const heartbeats = nounNode(HEARTBEATS, [
  verbNode(CREATE, async () => (await import('./create')).createHeartbeatRun),
  verbNode(LIST, async () => (await import('./list')).listHeartbeatsRun),
  verbNode(GET, async () => (await import('./get')).getHeartbeatRun),
  verbNode(UPDATE, async () => (await import('./update')).updateHeartbeatRun),
  verbNode(EVENTS, async () => (await import('./events')).heartbeatEventsRun),
  verbNode(AVAILABILITY, async () => (await import('./availability')).heartbeatAvailabilityRun),
  verbNode(PING, async () => (await import('./ping')).heartbeatPingRun),
  verbNode(EXEC, async () => (await import('./exec')).heartbeatExecRun),
]);
