/** Secrets (API keys, ping tokens, secret environment values) as they may be shown. */

import { isAsciiLetter } from './chars';
import { copyKeptNumbers } from './json';

/** `sk_live_0123456789abcdef` → `sk_…cdef`; short secrets show nothing of themselves. */
export function maskSecret(secret: string): string {
  if (secret.length < 12) return '••••';
  return `${secretPrefix(secret)}…${secret.slice(-4)}`;
}

/** `sk_live_…` → `sk_`: one to eight ASCII letters and the underscore after them, at the start; or nothing. */
function secretPrefix(secret: string): string {
  const underscore = secret.indexOf('_');
  if (underscore < 1 || underscore > 8) return '';
  for (let i = 0; i < underscore; i++) if (!isAsciiLetter(secret[i]!)) return '';
  return secret.slice(0, underscore + 1);
}

/**
 * A URL (or text holding URLs) with the user name and password of each masked:
 * `https://cron:s3cret@ping.example.com` → `https://••••:••••@ping.example.com`.
 */
export function maskUrl(text: string): string {
  // No `@`, no user name: nothing to mask, and no regular expression compiled (most URLs).
  if (!text.includes('@')) return text;
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

/**
 * An API answer without the secrets it holds in plain text: every ping token (`pingToken`,
 * and wherever else it appears: a ping URL holds it) and every value of an object marked
 * `secret: true` (a check's secret environment variables). undefined when it holds none.
 * What `mon mcp` gives an agent (the CLI prints them with --json: `heartbeats get`).
 */
export function withoutSecrets(answer: unknown): unknown {
  const tokens = new Set<string>();
  let secretValues = false;
  const find = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const inner of value) find(inner);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.pingToken === 'string' && record.pingToken.length >= 8) tokens.add(record.pingToken);
    if (record.secret === true && typeof record.value === 'string') secretValues = true;
    for (const inner of Object.values(record)) find(inner);
  };
  find(answer);
  // Most answers hold neither: nothing to copy.
  if (tokens.size === 0 && !secretValues) return undefined;
  let found = tokens.size > 0;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let out = value;
      for (const token of tokens) out = out.replaceAll(token, maskSecret(token));
      return out;
    }
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(walk);
    const out = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    if (out.secret === true && typeof out.value === 'string') {
      out.value = '••••';
      found = true;
    }
    return out;
  };
  const masked = walk(answer);
  return found ? masked : undefined;
}
