/* When a failed attempt is tried again, and after how long. */

export const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** Failures that happen before a byte of the request left: safe to retry for any method. */
export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function errorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Full jitter over a capped exponential: random in [d/2, d], d = min(cap, base * 2^(n-1)). */
export function jitter(backoff: { base: number; cap: number }, attempt: number): number {
  const ceiling = Math.min(backoff.cap, backoff.base * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
