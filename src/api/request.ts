import { UsageError } from '../errors';
import { isDigits, withoutTrailingSlashes } from '../text/chars';
import { exceedsDepth, MAX_JSON_DEPTH, parseJson, stringifyJson } from '../text/json';
import { maskSecretValues } from '../text/mask';
import type { Hint } from '../text/next';

/*
 * A request as data: what a command asks for and what would go over the wire, built without
 * any I/O (octokit's endpoint()), and what --debug and errors may show of it.
 */

/** `/v1/x/{id}`: every path parameter goes through here (schemas/common.ts's pathIdSchema says which IDs may). */
export function pathSegment(id: string): string {
  return encodeURIComponent(id);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** What a command asks for. `path` starts with "/" and has its parameters already encoded. */
export interface ApiRequest {
  method: HttpMethod;
  path: string;
  /** A list is sent as the parameter repeated (`tag=a&tag=b`). */
  query?: Record<string, string | number | boolean | undefined | null | readonly string[]>;
  body?: unknown;
  /** A raw body (mon api --input), sent as is with content-type application/json. */
  rawBody?: string;
  headers?: Record<string, string>;
  /**
   * Told to the user when a non-idempotent request fails after it may have reached the
   * server, e.g. "Check with `mon incidents list` before retrying."
   */
  uncertainHint?: Hint;
  /** Safe to send twice (a heartbeat ping): retried like a GET even when it is a POST. */
  idempotent?: boolean;
  /** Retry every 5xx, not only 502/503/504 (a ping: an extra one does no harm). */
  retryServerErrors?: boolean;
  /** Values in the URL that are secrets (a ping token): masked in --debug lines and errors. */
  secrets?: string[];
  /** A 2xx body need not be JSON (ping endpoints may answer "OK"); `body` is then undefined. */
  anyBody?: boolean;
}

/** What would go over the wire; built without any I/O (octokit's endpoint()). */
export interface PreparedRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  accountId?: string;
  userAgent?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for an empty body). */
  body: T;
  /** The body as received. */
  text: string;
}

/** What sends a request: the client (client.ts), as paging and the resources use it. */
export interface Requester {
  request<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>>;
}

export function prepareRequest(config: ClientConfig, request: ApiRequest): PreparedRequest {
  const base = withoutTrailingSlashes(config.baseUrl) + request.path;
  const pairs = queryPairs(request.query);
  // A path with a query of its own (`mon api '/v1/x?limit=5'`): a value takes the place of
  // those of its name there (a list's are added), as URLSearchParams' set and append do.
  // Otherwise the query is written out, without URLSearchParams (~0.4 ms to start, per call).
  const ownQuery = request.path.includes('?');
  const written = pairs.map(({ key, value }) => `${formEncode(key)}=${formEncode(value)}`).join('&');
  const url = new URL(ownQuery || !written ? base : `${base}?${written}`);
  if (ownQuery) for (const { key, value, listed } of pairs) url.searchParams[listed ? 'append' : 'set'](key, value);
  // A user name and password in a ping URL are sent as HTTP basic authentication (as curl
  // does), never in the URL mon shows. A base URL with them is refused before (settings.ts).
  const basic = !config.apiKey && (url.username || url.password) ? `Basic ${basicCredentials(url)}` : undefined;
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': config.userAgent ?? `mon/${MON_VERSION} node/${process.version}`,
  };
  // No key, no header: a ping URL is its own credential and must not receive the API key.
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  else if (basic) headers.authorization = basic;
  if (config.accountId) headers['x-service-account'] = config.accountId;
  let body: string | undefined;
  if (request.rawBody !== undefined) body = request.rawBody;
  else if (request.body !== undefined) body = stringifyJson(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const prepared: PreparedRequest = { method: request.method, url: url.toString(), headers };
  if (body !== undefined) prepared.body = body;
  return prepared;
}

/** A request's query as names and values, in order: each value of a list (`listed`), none for undefined or null. */
function queryPairs(query: ApiRequest['query']): { key: string; value: string; listed: boolean }[] {
  const pairs: { key: string; value: string; listed: boolean }[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value))
      for (const item of value as readonly string[]) pairs.push({ key, value: item, listed: true });
    else if (value !== undefined && value !== null) pairs.push({ key, value: String(value), listed: false });
  }
  return pairs;
}

/** Text as URLSearchParams writes it (application/x-www-form-urlencoded): `+` for a space, `!'()~` escaped too. */
function formEncode(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate: URLSearchParams writes U+FFFD in its place.
    encoded = encodeURIComponent(
      text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    );
  }
  return encoded
    .replaceAll('%20', '+')
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The user name and password of a URL as basic authentication sends them (base64 of "user:password"). */
export function basicCredentials(url: URL): string {
  return Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
}

/** Header names whose values are credentials: never shown, in --debug or anywhere. */
const SECRET_HEADER = /auth(?!enticate)|key|token|cookie|secret|session|passw|signature|credential/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = SECRET_HEADER.test(name) ? (/^Bearer /i.test(text) ? 'Bearer [redacted]' : '[redacted]') : text;
  }
  return out;
}

/**
 * A body as --debug logs it: the `value` of every object marked `secret: true` (a check's
 * secret environment variables) is replaced, wherever it sits. Text that is not JSON, or
 * has nothing secret, is logged as it is.
 */
export function redactBody(text: string): string {
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return text;
  }
  if (exceedsDepth(parsed, MAX_JSON_DEPTH, text)) return text;
  const redacted = stringifyJson(maskSecretValues(parsed, '[redacted]'));
  return redacted === stringifyJson(parsed) ? text : redacted;
}

/** An address of this machine's loopback interface: 127.0.0.0/8 and ::1 (also as ::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string): boolean {
  const host = unbracketed(address).toLowerCase();
  return host === '::1' || isLoopbackIPv4(host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host);
}

/** `127.` and three more runs of digits, dot-separated (`127.0.0.1`, `127.1.2.300`). */
function isLoopbackIPv4(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every(isDigits);
}

/** A host without the brackets URL writes around an IPv6 address (`[::1]` → `::1`); either alone is taken off too. */
export function unbracketed(host: string): string {
  const from = host.startsWith('[') ? 1 : 0;
  const to = host.length > from && host.endsWith(']') ? host.length - 1 : host.length;
  return host.slice(from, to);
}

/**
 * localhost and *.localhost: names that claim to be this machine. A claim only: /etc/hosts or
 * DNS may send them anywhere, so they count as local once they resolve to loopback addresses
 * (api/loopback.ts), and are then connected to at those addresses.
 */
export function isLoopbackName(hostname: string): boolean {
  const lower = hostname.toLowerCase();
  const host = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Refuses to send the key (or a secret URL) in clear text across a network (docs/API.md).
 * A loopback address passes; a loopback name passes here, and is judged by the addresses it
 * resolves to when the request is sent (client.ts).
 */
export function checkTransport(baseUrl: string, insecure: boolean | undefined, secret = 'the API key'): void {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || insecure || isLoopbackAddress(url.hostname) || isLoopbackName(url.hostname)) return;
  throw plainHttpRefused(url, secret, 'anyone on the network path could read it');
}

export function plainHttpRefused(url: URL, secret: string, why: string): UsageError {
  return new UsageError(
    `Refusing to send ${secret} over plain http:// to ${url.host}: ${why}.`,
    'Use an https:// base URL, or pass --insecure if this network is trusted.',
  );
}
