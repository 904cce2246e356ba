/* The sandbox's own heartbeat rules; the time rules every part of mon shares are api/heartbeat-rules.ts. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

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
