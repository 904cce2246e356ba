import { isSecretHeader } from '../api/request';
import { maskSecret, maskSecretValues } from '../text/mask';

/** Query parameters whose values are credentials: `?apiKey=`, `?token=`, `?access_token=`, ... */
const SECRET_PARAM = /key|token|secret|passw|auth|signature|session|credential/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * What the sandbox keeps of a request and its answer, in its request log (GET /__sandbox/requests) and its
 * access log: no credential, on any route. Ping tokens are masked in /ping/ paths (any token,
 * a production one pasted by mistake included), the values of credential-like query
 * parameters and headers too, the sandbox's own key wherever it appears ("[redacted]"), and the values of
 * secret environment variables in bodies. The Authorization header is never kept.
 */
export function requestRedactor(apiKey: string) {
  const masked = '[redacted]';
  const hideKey = (text: string) => text.split(apiKey).join(masked).split(encodeURIComponent(apiKey)).join(masked);
  return {
    path(pathAndQuery: string): string {
      const at = pathAndQuery.indexOf('?');
      const path = (at < 0 ? pathAndQuery : pathAndQuery.slice(0, at)).replace(
        /^\/ping\/([^/?#]+)/,
        (_, token: string) => `/ping/${maskSecret(decoded(token))}`,
      );
      const query =
        at < 0
          ? ''
          : `?${pathAndQuery
              .slice(at + 1)
              .split('&')
              .map((pair) => {
                const eq = pair.indexOf('=');
                if (eq < 0 || !SECRET_PARAM.test(decoded(pair.slice(0, eq)))) return pair;
                return `${pair.slice(0, eq)}=${maskSecret(decoded(pair.slice(eq + 1)))}`;
              })
              .join('&')}`;
      return hideKey(`${path}${query}`);
    },
    headers(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (name === 'authorization' || value === undefined) continue;
        const text = Array.isArray(value) ? value.join(', ') : value;
        out[name] = isSecretHeader(name) ? maskSecret(text) : hideKey(text);
      }
      return out;
    },
    body(body: unknown): unknown {
      const safe = maskSecretValues(body);
      if (safe === undefined) return safe;
      const text = JSON.stringify(safe);
      return text.includes(apiKey) ? (JSON.parse(hideKey(text)) as unknown) : safe;
    },
  };
}
