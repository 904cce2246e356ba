import { maskSecret } from '../../../text/mask';

/**
 * A check's body (or a list of them) with each heartbeat's ping token masked, in the token
 * and the ping URL: a secret is never printed (`mon heartbeats get` is where the URL is shown).
 */
export function withoutPingTokens<T>(raw: T): T {
  if (Array.isArray(raw)) return raw.map((entry) => withoutPingTokens(entry)) as T;
  const heartbeat = (raw as { heartbeat?: unknown } | null)?.heartbeat;
  if (!heartbeat || typeof heartbeat !== 'object') return raw;
  const { pingToken, pingUrl } = heartbeat as { pingToken?: unknown; pingUrl?: unknown };
  const token = typeof pingToken === 'string' ? pingToken : undefined;
  return {
    ...raw,
    heartbeat: {
      ...heartbeat,
      ...(token ? { pingToken: maskSecret(token) } : {}),
      ...(token && typeof pingUrl === 'string' ? { pingUrl: pingUrl.split(token).join(maskSecret(token)) } : {}),
    },
  };
}
