import type { Ctx } from '../../context';
import { noun } from '../define';

export function heartbeatsCommand(_ctx: Ctx) {
  return noun('heartbeats', 'Heartbeat monitors: events, availability, pings, wrapping cron jobs');
}
