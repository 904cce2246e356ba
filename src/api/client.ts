import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { CancelledError, UsageError } from '../errors';
import { ApiError, errorFromResponse, requestIdOf, statusLabel } from './errors';
import { maskSecret, maskSecretValues } from '../text/mask';
import { sanitize } from '../text/escape';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** What a command asks for. `path` starts with "/" and has its parameters already encoded. */
export interface ApiRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A raw body (mon api --input), sent as is with content-type application/json. */
  rawBody?: string;
  headers?: Record<string, string>;
  /**
   * Told to the user when a non-idempotent request fails after it may have reached the
   * server, e.g. "Check with `mon incidents list` before retrying."
   */
  uncertainHint?: string;
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

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for an empty body). */
  body: T;
  /** The body as received. */
  text: string;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  accountId?: string;
  userAgent?: string;
}

export interface ClientOptions extends ClientConfig {
  /** Overall deadline per request, retries included. */
  timeoutMs: number;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** --debug: receives one line per event; Authorization is already redacted. */
  debug?: (line: string) => void;
  /** Proxy settings come from here (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). */
  env?: NodeJS.ProcessEnv;
  /** Plain http to a host that is not loopback is refused unless this is set. */
  insecure?: boolean;
  /** Total attempts for retryable failures (default 4). */
  maxAttempts?: number;
  /** Backoff: base and cap in ms (default 300 and 4000). Tests shrink them. */
  backoffMs?: { base: number; cap: number };
  /** Cap on a server's Retry-After, in ms (default 20 s). */
  maxRetryAfterMs?: number;
  /** For tests: a transport instead of the proxy-aware agent. */
  dispatcher?: Dispatcher;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** Failures that happen before a byte of the request left: safe to retry for any method. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function prepareRequest(config: ClientConfig, request: ApiRequest): PreparedRequest {
  const url = new URL(config.baseUrl.replace(/\/+$/, '') + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': config.userAgent ?? `mon/${MON_VERSION} node/${process.version}`,
  };
  // No key, no header: a ping URL is its own credential and must not receive the API key.
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  if (config.accountId) headers['x-service-account'] = config.accountId;
  let body: string | undefined;
  if (request.rawBody !== undefined) body = request.rawBody;
  else if (request.body !== undefined) body = JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const prepared: PreparedRequest = { method: request.method, url: url.toString(), headers };
  if (body !== undefined) prepared.body = body;
  return prepared;
}

const SECRET_HEADER = /authorization|api-key|token|cookie|secret/i;

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
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const redacted = JSON.stringify(maskSecretValues(parsed, '[redacted]'));
  return redacted === JSON.stringify(parsed) ? text : redacted;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || host.endsWith('.localhost');
}

/** Refuses to send the key (or a secret URL) in clear text across a network (CLI.md: secrets). */
export function checkTransport(baseUrl: string, insecure: boolean | undefined, secret = 'the API key'): void {
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !insecure) {
    throw new UsageError(
      `Refusing to send ${secret} over plain http:// to ${url.host}: anyone on the network path could read it.`,
      'Use an https:// base URL, or pass --insecure if this network is trusted.',
    );
  }
}

function errorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The API client: base URL + path, bearer key, account header, an overall deadline,
 * proxies from the environment, typed errors, and retries with capped exponential backoff
 * and jitter for GET/PUT (network errors, 429, 502/503/504). A POST is retried only when
 * it certainly did not reach the server (connection refused) or the server said 429.
 */
export class ApiClient {
  readonly config: ClientConfig;
  private readonly options: ClientOptions;
  private dispatcher: Dispatcher | undefined;

  constructor(options: ClientOptions) {
    this.options = options;
    this.config = {
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      accountId: options.accountId,
      userAgent: options.userAgent,
    };
    checkTransport(options.baseUrl, options.insecure, options.apiKey ? 'the API key' : 'a secret URL');
  }

  prepare(request: ApiRequest): PreparedRequest {
    return prepareRequest(this.config, request);
  }

  private async transport(): Promise<Dispatcher> {
    if (!this.dispatcher) {
      const { EnvHttpProxyAgent } = await import('undici');
      const env = this.options.env ?? process.env;
      this.dispatcher =
        this.options.dispatcher ??
        new EnvHttpProxyAgent({
          httpProxy: env.http_proxy ?? env.HTTP_PROXY,
          httpsProxy: env.https_proxy ?? env.HTTPS_PROXY,
          noProxy: env.no_proxy ?? env.NO_PROXY,
        });
    }
    return this.dispatcher;
  }

  async request<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>> {
    const prepared = this.prepare(request);
    const mask = maskerFor(request.secrets);
    const label = { method: request.method, path: mask(request.path) };
    const dispatcher = await this.transport();
    const timeoutMs = this.options.timeoutMs;
    const deadline = Date.now() + timeoutMs;
    const deadlineSignal = AbortSignal.timeout(timeoutMs);
    const signals = [deadlineSignal, ...(this.options.signal ? [this.options.signal] : [])];
    const signal = AbortSignal.any(signals);
    const idempotent = request.idempotent ?? (request.method !== 'POST' && request.method !== 'PATCH');
    const maxAttempts = this.options.maxAttempts ?? 4;
    const backoff = this.options.backoffMs ?? { base: 300, cap: 4000 };
    const debug = this.options.debug && ((line: string) => this.options.debug!(mask(line)));

    const abortedError = () =>
      this.options.signal?.aborted
        ? new CancelledError('Cancelled.', idempotent ? undefined : request.uncertainHint)
        : new ApiError(
            'timeout',
            `The request timed out after ${timeoutMs / 1000} s (${label.method} ${label.path}).`,
            {
              // A POST that timed out may have been acted on: retrying blindly could do it twice.
              hint: idempotent
                ? 'Try again, or allow more time with --timeout SECONDS.'
                : (request.uncertainHint ??
                  'It may or may not have been acted on: check the current state before retrying.'),
            },
          );

    /** Wait before the next attempt; false when the deadline would pass first. */
    const pause = async (ms: number): Promise<boolean> => {
      if (Date.now() + ms >= deadline) return false;
      debug?.(`  waiting ${Math.round(ms)} ms before retrying`);
      try {
        await sleep(ms, undefined, { signal });
      } catch {
        throw abortedError();
      }
      return true;
    };

    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      if (debug) {
        debug(`> ${prepared.method} ${prepared.url}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
        for (const [name, value] of Object.entries(redactHeaders(prepared.headers))) debug(`> ${name}: ${value}`);
        if (prepared.body !== undefined) debug(`> ${sanitize(redactBody(prepared.body))}`);
      }
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const target = new URL(prepared.url);
        const response = await dispatcher.request({
          origin: target.origin,
          path: target.pathname + target.search,
          method: prepared.method,
          headers: prepared.headers,
          body: prepared.body,
          signal,
        });
        status = response.statusCode;
        headers = response.headers;
        text = await response.body.text();
      } catch (error) {
        if (signal.aborted) throw abortedError();
        const code = errorCode(error) ?? 'network error';
        const reason = mask(sanitize((error as Error).message || code));
        debug?.(`< failed after ${Date.now() - started} ms: ${reason}`);
        const notSent = NOT_SENT_CODES.has(code);
        if (!idempotent && !notSent) {
          throw new ApiError(
            'network',
            `The connection failed after ${label.method} ${label.path} was sent (${code}); the server may or may not have acted on it.`,
            { attempts: attempt, hint: request.uncertainHint ?? 'Check the current state before retrying.' },
          );
        }
        if (attempt < maxAttempts && (await pause(jitter(backoff, attempt)))) continue;
        const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
        throw new ApiError('network', `Could not reach ${new URL(prepared.url).origin}${tries} (${code}: ${reason}).`, {
          attempts: attempt,
          hint: 'Check the base URL (`mon auth status`), your network, and HTTPS_PROXY/NO_PROXY.',
        });
      }
      if (debug) {
        debug(`< ${statusLabel(status)} in ${Date.now() - started} ms`);
        for (const [name, value] of Object.entries(redactHeaders(headers))) debug(`< ${name}: ${value}`);
        if (text) {
          const logged = redactBody(text);
          debug(`< ${sanitize(logged.length > 4000 ? `${logged.slice(0, 4000)}… (${text.length} bytes)` : logged)}`);
        }
      }
      if (status >= 200 && status < 300) {
        const body = request.anyBody
          ? parseJsonOrUndefined(text)
          : parseJsonBody(text, status, headers, { ...label, uncertainHint: request.uncertainHint });
        return { status, headers, text, body: body as T };
      }
      const retryable =
        (RETRYABLE_STATUSES.has(status) || (request.retryServerErrors === true && status >= 500)) &&
        (idempotent || status === 429);
      if (retryable && attempt < maxAttempts) {
        const retryAfter = parseRetryAfter(headers['retry-after'], Date.now());
        const wait =
          retryAfter !== undefined
            ? Math.min(retryAfter, this.options.maxRetryAfterMs ?? 20_000)
            : jitter(backoff, attempt);
        if (await pause(wait)) continue;
      }
      throw errorFromResponse({ ...label, uncertainHint: request.uncertainHint }, status, mask(text), headers, attempt);
    }
  }

  async close(): Promise<void> {
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    if (dispatcher && !this.options.dispatcher) await dispatcher.close();
  }
}

/** Replaces each secret (and its URL-encoded form) with its masked form. */
function maskerFor(secrets: string[] | undefined): (text: string) => string {
  const pairs = (secrets ?? [])
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, encodeURIComponent(secret)].map((form) => [form, maskSecret(secret)] as const));
  return (text) => pairs.reduce((out, [secret, masked]) => out.replaceAll(secret, masked), text);
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Full jitter over a capped exponential: random in [d/2, d], d = min(cap, base * 2^(n-1)). */
function jitter(backoff: { base: number; cap: number }, attempt: number): number {
  const ceiling = Math.min(backoff.cap, backoff.base * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function parseJsonBody(
  text: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  label: { method: string; path: string; uncertainHint?: string },
): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const type = String(headers['content-type'] ?? 'no content type');
    const looksHtml = /^\s*</.test(text);
    throw new ApiError(
      'response',
      `The server answered ${statusLabel(status)} to ${label.method} ${label.path} with a body that is not JSON (${sanitize(type)}${looksHtml ? ', looks like an HTML page' : ''}): ${sanitize(text.slice(0, 120))}`,
      {
        status,
        requestId: requestIdOf(headers),
        hint: `${label.uncertainHint ? `${label.uncertainHint} ` : ''}A proxy or the wrong base URL can cause this: check \`mon auth status\`, and run with --debug to see the whole response.`,
      },
    );
  }
}
