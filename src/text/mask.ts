/** Secrets (API keys, ping tokens, secret environment values) as they may be shown. */

import { copyKeptNumbers } from './json';

/** `sk_live_0123456789abcdef` → `sk_…cdef`; short secrets show nothing of themselves. */
export function maskSecret(secret: string): string {
  if (secret.length < 12) return '••••';
  const prefix = /^[A-Za-z]{1,8}_/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

/**
 * A URL (or text holding URLs) with the user name and password of each masked:
 * `https://cron:s3cret@ping.example.com` → `https://••••:••••@ping.example.com`.
 */
export function maskUrl(text: string): string {
  return text.replace(
    /(\/\/)([^/?#@\s]*)@/g,
    (_, slashes: string, info: string) => `${slashes}${info.includes(':') ? '••••:••••' : '••••'}@`,
  );
}

/**
 * The `value` of every object marked `secret: true` (a check's secret environment
 * variables) replaced by `mask`, wherever it sits in a body; the rest is left as it is.
 */
export function maskSecretValues<T>(body: T, mask = '••••'): T {
  const walk = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const out = Array.isArray(value)
      ? value.map(walk)
      : (Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)])) as Record<
          string,
          unknown
        >);
    // The copy keeps the numbers as they were written (text/json.ts).
    copyKeptNumbers(value, out);
    if (!Array.isArray(out) && out.secret === true && 'value' in out) out.value = mask;
    return out;
  };
  return walk(body) as T;
}
