import { toSeconds, type HeartbeatMonitor } from '../../../api/schemas/heartbeats';

/* The time rules of a heartbeat monitor: a ping is expected every period, with grace on top. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type PingState = 'RECEIVED' | 'GRACE' | 'LATE';

export function periodMs(monitor: HeartbeatMonitor): number {
  return toSeconds(monitor.period, monitor.periodUnit) * 1000;
}

export function allowanceMs(monitor: HeartbeatMonitor): number {
  return periodMs(monitor) + toSeconds(monitor.grace, monitor.graceUnit) * 1000;
}

/** The state of a ping arriving `elapsedMs` after the previous one (or the monitor's creation). */
export function pingState(monitor: HeartbeatMonitor, elapsedMs: number): PingState {
  if (elapsedMs <= periodMs(monitor)) return 'RECEIVED';
  if (elapsedMs <= allowanceMs(monitor)) return 'GRACE';
  return 'LATE';
}

/**
 * Link-preview bots: a ping URL pasted in a chat is fetched by the chat's crawler. The
 * service answers them but does not count them as pings; so does the sandbox.
 */
export const LINK_PREVIEW_BOTS = [
  'Twitterbot',
  'Slackbot',
  'Googlebot',
  'Discordbot',
  'Facebot',
  'facebookexternalhit',
  'TelegramBot',
  'WhatsApp',
  'LinkedInBot',
] as const;

const BOT_PATTERN = new RegExp(LINK_PREVIEW_BOTS.join('|'), 'i');

export function isLinkPreviewBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT_PATTERN.test(userAgent);
}
