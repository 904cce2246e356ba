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

/** The three forms of an HTTP-date (RFC 9110 5.6.7): IMF-fixdate, RFC 850's and asctime's. */
const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * How long a server's Retry-After asks to wait, in ms: seconds (`120`, or `1.5`) or an
 * HTTP-date. Anything else (`-5`, `1,5`, a date in another form, garbage) is undefined, and
 * the normal backoff applies: a broken header never means "retry now".
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const form = HTTP_DATE.findIndex((pattern) => pattern.test(text));
  if (form < 0) return undefined;
  // asctime's form names no zone; HTTP-dates are all in GMT.
  const date = Date.parse(form === 2 ? `${text} GMT` : text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Full jitter over a capped exponential: random in [d/2, d], d = min(cap, base * 2^(n-1)). */
export function jitter(backoff: { base: number; cap: number }, attempt: number): number {
  const ceiling = Math.min(backoff.cap, backoff.base * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
