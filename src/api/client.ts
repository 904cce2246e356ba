import type { Readable } from 'node:stream';
import { CancelledError } from '../errors';
import { certificateProblem, errorWords, isHandshakeFailure } from '../text/codes';
import { sanitize } from '../text/escape';
import { exceedsDepth, MAX_JSON_DEPTH, parseJson } from '../text/json';
import { maskSecret } from '../text/mask';
import { ApiError, errorFromResponse, requestIdOf, statusLabel } from './errors';
import { locality, type Locality } from './loopback';
import {
  checkTransport,
  plainHttpRefused,
  prepareRequest,
  redactBody,
  redactHeaders,
  type ApiRequest,
  type ApiResponse,
  type ClientConfig,
  type PreparedRequest,
} from './request';
import { describeProxy, PROXY_CODES, proxyFor, type ProxyChoice } from './proxy';
import { directTransport, proxyTransport, type Transport } from './transport';
import { pagingBounds, type PagingBounds } from './paginate';
import { errorCode, jitter, NOT_SENT_CODES, parseRetryAfter, RETRYABLE_STATUSES } from './retry';
import { joinHints, type Hint } from '../text/next';
import { formatBytes } from '../text/bytes';
import { Cancellation } from '../signals';

export interface ClientOptions extends ClientConfig {
  /** Overall deadline per request, retries included. */
  timeoutMs: number;
  /** Aborted on Ctrl-C. */
  cancel?: Cancellation;
  /** --debug: receives one line per event; Authorization is already redacted. */
  debug?: (line: string) => void;
  /** Told when a request starts (what it waits for); the function it returns is called when it ends. */
  onWait?: (label: string) => () => void;
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
  /** How much of a list one command reads (default: MON_MAX_PAGES and MON_MAX_ENTRIES of `env`, see paginate.ts). */
  paging?: PagingBounds;
  /** The most bytes read of one answer (default 64 MiB). */
  maxBodyBytes?: number;
  /** This machine's clock (Ctx.now), against which the server's `Date` header is read. */
  now?: () => number;
  /** Waits `ms` before a retry, unless `signal` ends the wait first (rejecting). Tests wait no time. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * The connections (one transport per way out), shared with other clients: a long-lived
   * process (`mon mcp`) keeps them open between commands. `close()` leaves them to their owner
   * (closeTransports).
   */
  pool?: Map<string, Promise<Transport>>;
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  process.getBuiltinModule('node:timers/promises').setTimeout(ms, undefined, { signal });

/** A difference below the `Date` header's resolution (whole seconds) is no difference. */
const DATE_RESOLUTION_MS = 1000;

/**
 * The API client: base URL + path, bearer key, account header, an overall deadline,
 * proxies from the environment, typed errors, and retries with capped exponential backoff
 * and jitter for GET/PUT (network errors, 429, 502/503/504). A POST is retried only when
 * it certainly did not reach the server (connection refused) or the server said 429.
 */
export class ApiClient {
  readonly config: ClientConfig;
  /** The bounds of paging with this client (`pages()`, `api --paginate`). */
  readonly paging: PagingBounds;
  private readonly options: ClientOptions;
  private readonly transports: Map<string, Promise<Transport>>;
  /** How far the server's clock is ahead of ours, from the `Date` header of its last answer. */
  private serverAheadMs = 0;
  /** Whether each host is this machine (loopback.ts), looked up once. */
  private readonly localities = new Map<string, Promise<Locality>>();
  /** What the URL's request carries, for a refusal: "the API key" or "a secret URL". */
  private readonly secret: string;

  constructor(options: ClientOptions) {
    this.options = options;
    this.config = {
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      accountId: options.accountId,
      userAgent: options.userAgent,
    };
    this.secret = options.apiKey ? 'the API key' : 'a secret URL';
    checkTransport(options.baseUrl, options.insecure, this.secret);
    this.paging = options.paging ?? pagingBounds(options.env ?? process.env);
    this.transports = options.pool ?? new Map();
  }

  /**
   * Now by the server's clock: ours, moved by what the last answer's `Date` header said (a
   * skewed machine, or a sandbox whose clock was advanced). Relative times ("5m ago") are
   * computed against it, so a time the server just wrote is never "in 1h".
   */
  now(): number {
    return (this.options.now ?? Date.now)() + this.serverAheadMs;
  }

  /**
   * The server wrote its `Date` somewhere between `sentAt` and now, by our clock: only a
   * `Date` outside that span (widened by the header's resolution) says its clock differs. A
   * slow answer (a loaded server, a long way) is not a server behind us.
   */
  private noteDate(header: string | string[] | undefined, sentAt: number): void {
    const date = Date.parse(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''));
    if (!Number.isFinite(date)) return;
    const receivedAt = (this.options.now ?? Date.now)();
    if (date >= receivedAt + DATE_RESOLUTION_MS) this.serverAheadMs = date - receivedAt;
    else if (date <= sentAt - DATE_RESOLUTION_MS) this.serverAheadMs = date - sentAt;
    else this.serverAheadMs = 0;
  }

  prepare(request: ApiRequest): PreparedRequest {
    return prepareRequest(this.config, request);
  }

  /**
   * One transport per way out (transport.ts): direct, through a given proxy, or to the loopback
   * addresses a local name resolved to. A name that claims to be local (`*.localhost`) but
   * resolves elsewhere is a remote host: no key over plain http, and the proxy rules apply.
   */
  private async transport(target: URL): Promise<{ transport: Transport; proxy?: ProxyChoice }> {
    let found = this.localities.get(target.hostname);
    if (!found) this.localities.set(target.hostname, (found = locality(target.hostname)));
    const { local, addresses, why } = await found;
    if (why && target.protocol === 'http:' && !this.options.insecure) throw plainHttpRefused(target, this.secret, why);
    const proxy = proxyFor(target, this.options.env ?? process.env, local);
    const key = proxy ? proxy.url.href : addresses ? `local ${target.hostname}` : 'direct';
    let transport = this.transports.get(key);
    if (!transport) {
      transport = proxy ? proxyTransport(proxy) : Promise.resolve(directTransport(addresses));
      this.transports.set(key, transport);
    }
    return { transport: await transport, ...(proxy ? { proxy } : {}) };
  }

  async request<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>> {
    const done = this.options.onWait?.(
      `Waiting for ${request.method} ${maskerFor(request.secrets)(request.path.split('?')[0]!)}`,
    );
    try {
      return await this.send<T>(request);
    } finally {
      done?.();
    }
  }

  private async send<T>(request: ApiRequest): Promise<ApiResponse<T>> {
    const prepared = this.prepare(request);
    const mask = maskerFor(request.secrets);
    const label = { method: request.method, path: mask(request.path) };
    const target = new URL(prepared.url);
    const { transport, proxy } = await this.transport(target);
    const timeoutMs = this.options.timeoutMs;
    const deadline = Date.now() + timeoutMs;
    const { cancel, dispose } = deadlineCancellation(timeoutMs, this.options.cancel);
    const idempotent = request.idempotent ?? (request.method !== 'POST' && request.method !== 'PATCH');
    const maxAttempts = this.options.maxAttempts ?? 4;
    const backoff = this.options.backoffMs ?? { base: 300, cap: 4000 };
    const maxBody = this.options.maxBodyBytes ?? MAX_BODY_BYTES;
    const debug = this.options.debug && ((line: string) => this.options.debug!(mask(line)));
    const via = proxy ? ` through the proxy ${describeProxy(proxy)} (${proxy.variable})` : '';

    const abortedError = () =>
      this.options.cancel?.aborted
        ? new CancelledError('Cancelled.', idempotent ? undefined : request.uncertainHint)
        : new ApiError(
            'timeout',
            `The request timed out after ${timeoutMs / 1000} s (${label.method} ${label.path}${via}).`,
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
        await (this.options.sleep ?? sleepFor)(ms, cancel.signal);
      } catch {
        throw abortedError();
      }
      return true;
    };

    try {
      for (let attempt = 1; ; attempt++) {
        const started = Date.now();
        const sentAt = (this.options.now ?? Date.now)();
        if (debug) {
          debug(`> ${prepared.method} ${prepared.url}${attempt > 1 ? ` (attempt ${attempt})` : ''}${via}`);
          for (const [name, value] of Object.entries(redactHeaders(prepared.headers))) debug(`> ${name}: ${value}`);
          if (prepared.body !== undefined) debug(`> ${sanitize(redactBody(prepared.body))}`);
        }
        let status: number;
        let headers: Record<string, string | string[] | undefined>;
        let text: string;
        try {
          // The deadline and Ctrl-C win over anything the transport does (a request still
          // waiting for a connection does not see its signal until it has one).
          ({ status, headers, text } = await raceAbort(cancel, async () => {
            const response = await transport.request(target, {
              method: prepared.method,
              headers: prepared.headers,
              ...(prepared.body === undefined ? {} : { body: prepared.body }),
              cancel,
            });
            return {
              status: response.status,
              headers: response.headers,
              text: await readBody(response.body, response.headers, maxBody, response.status),
            };
          }));
        } catch (error) {
          if (cancel.aborted) throw abortedError();
          if (error instanceof TooLargeError) {
            throw new ApiError(
              'response',
              `The answer to ${label.method} ${label.path} is larger than ${formatBytes(maxBody)}${error.declared ? ` (Content-Length: ${error.declared})` : ''}; mon does not read answers that large.`,
              {
                attempts: attempt,
                hint: (next) =>
                  `Ask for less (a smaller --limit, a narrower period), or check the base URL (${next('auth status')}).`,
              },
            );
          }
          const cause = error instanceof CutOffError ? error.cause : error;
          const code = errorCode(cause);
          // --debug keeps the code (for a bug report); everything else says it in words.
          const reason = mask(sanitize(errorWords(cause, code)));
          debug?.(
            `< failed after ${Date.now() - started} ms: ${code ? `${code}: ` : ''}${mask(sanitize((cause as Error)?.message ?? ''))}`,
          );
          const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
          const certificate = certificateProblem(code);
          if (certificate) {
            // Refused in the TLS handshake: nothing was sent, and trying again cannot help.
            throw new ApiError(
              'network',
              `The certificate of ${target.host} was not accepted${via}: ${certificate.why}. Nothing was sent.`,
              {
                attempts: attempt,
                hint: (next) =>
                  certificate.unknownAuthority
                    ? `If ${target.hostname} uses a private certificate authority, point NODE_EXTRA_CA_CERTS at its certificate (a PEM file): NODE_EXTRA_CA_CERTS=/path/to/ca.pem mon ...; otherwise check the base URL (${next('auth status')}).`
                    : `Check the base URL (${next('auth status')}); the server must present a valid certificate for that host name.`,
              },
            );
          }
          if (error instanceof CutOffError) {
            const of = error.declared !== undefined ? ` of ${error.declared}` : '';
            const cut = `the answer (${statusLabel(error.status)}) was cut off after ${error.received}${of} bytes: ${reason}`;
            if (!idempotent) {
              // The server answered: it received the request, and with a 2xx it acted on it.
              throw new ApiError('network', `${label.method} ${label.path} reached the server${via}, but ${cut}.`, {
                attempts: attempt,
                status: error.status,
                hint:
                  request.uncertainHint ??
                  `${error.status < 300 ? 'It was probably done' : 'It was probably refused'}: check the current state before retrying.`,
              });
            }
            if (attempt < maxAttempts && (await pause(jitter(backoff, attempt)))) continue;
            throw new ApiError('network', `${capitalize(cut)} (${label.method} ${label.path}${via}${tries}).`, {
              attempts: attempt,
              status: error.status,
              hint: 'The connection broke before the end of the answer (a proxy, or a server that stopped mid-answer): try again; --debug shows each attempt.',
            });
          }
          const handshake = isHandshakeFailure(code);
          const notSent = handshake || (code !== undefined && (NOT_SENT_CODES.has(code) || PROXY_CODES.has(code)));
          if (!idempotent && !notSent) {
            throw new ApiError(
              'network',
              `The connection failed after ${label.method} ${label.path} was sent${via} (${reason}); the server may or may not have acted on it.`,
              { attempts: attempt, hint: request.uncertainHint ?? 'Check the current state before retrying.' },
            );
          }
          if (!handshake && attempt < maxAttempts && (await pause(jitter(backoff, attempt)))) continue;
          throw new ApiError('network', `Could not reach ${target.origin}${via}${tries}: ${reason}.`, {
            attempts: attempt,
            hint: (next) =>
              proxy
                ? `Check the proxy (${proxy.variable}), or list this host in NO_PROXY to go direct; ${next('auth status')} shows the base URL.`
                : `Check the base URL (${next('auth status')}), your network, and HTTPS_PROXY/NO_PROXY.`,
          });
        }
        this.noteDate(headers.date, sentAt);
        if (debug) {
          debug(`< ${statusLabel(status)} in ${Date.now() - started} ms`);
          for (const [name, value] of Object.entries(redactHeaders(headers))) debug(`< ${name}: ${sanitize(value)}`);
          if (text) {
            const logged = redactBody(text);
            debug(`< ${sanitize(logged.length > 4000 ? `${logged.slice(0, 4000)}… (${text.length} bytes)` : logged)}`);
          }
        }
        if (status >= 200 && status < 300) {
          const body = request.anyBody
            ? parseJsonOrUndefined(text)
            : parseJsonBody(text, status, headers, { ...label, uncertainHint: request.uncertainHint });
          checkDepth(body, text, status, label);
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
        throw errorFromResponse(
          { ...label, uncertainHint: request.uncertainHint },
          status,
          mask(text),
          headers,
          attempt,
        );
      }
    } finally {
      dispose();
    }
  }

  async close(): Promise<void> {
    if (this.options.pool) return;
    await closeTransports(this.transports);
  }
}

/** Ends every connection of `pool` (a client's own, or one shared by many: ClientOptions.pool). */
export async function closeTransports(pool: Map<string, Promise<Transport>>): Promise<void> {
  const transports = [...pool.values()];
  pool.clear();
  await Promise.all(transports.map(async (transport) => (await transport).close()));
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
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** The most mon reads of one answer; a bigger one is refused, not retried. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

class TooLargeError extends Error {
  constructor(readonly declared?: string) {
    super('the answer is too large');
  }
}

/** The connection broke while the body of an answer (whose status came) was being read. */
class CutOffError extends Error {
  constructor(
    readonly status: number,
    readonly received: number,
    readonly declared: number | undefined,
    override readonly cause: unknown,
  ) {
    super('the answer was cut off');
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The body as text, read as a stream and counted: past `limit` bytes (or a Content-Length
 * saying so) it stops. A connection that breaks before the end is a CutOffError.
 */
async function readBody(
  body: Readable,
  headers: Record<string, string | string[] | undefined>,
  limit: number,
  status: number,
): Promise<string> {
  const declared = headers['content-length'];
  const length = Number(Array.isArray(declared) ? declared[0] : declared);
  if (Number.isFinite(length) && length > limit) {
    // Left unread: undici's body (through a proxy) reports being destroyed as an error event,
    // which, with no listener, would end mon with an uncaught exception.
    body.on('error', () => {});
    body.destroy();
    throw new TooLargeError(String(length));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  const cutOff = (cause: unknown) => new CutOffError(status, size, Number.isFinite(length) ? length : undefined, cause);
  // The stream's own events, for its three ends: its end, an error, or a close before the end
  // (what stream.finished reports as a premature close). Not `for await` (~1 ms more at
  // start-up), nor stream.finished (~2 M instructions more: Node compiles its end-of-stream
  // machinery on first use).
  return new Promise<string>((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new TooLargeError());
        body.destroy();
        return;
      }
      chunks.push(chunk);
    });
    body.once('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    });
    body.on('error', (error) => reject(cutOff(error)));
    body.once('close', () => {
      if (!ended) reject(cutOff(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })));
    });
  });
}

/**
 * A cancellation that aborts `ms` from now or when `parent` does (Ctrl-C), and `dispose` to let
 * both go once the request is over: what AbortSignal.any([AbortSignal.timeout(ms), parent])
 * gives, without an AbortSignal (signals.ts).
 */
function deadlineCancellation(ms: number, parent: Cancellation | undefined) {
  const cancel = new Cancellation([parent]);
  const timer = setTimeout(() => cancel.abort(), ms).unref();
  return {
    cancel,
    dispose: () => {
      clearTimeout(timer);
      cancel.dispose();
    },
  };
}

/** Runs `work`, but rejects as soon as `cancel` aborts, whatever `work` is waiting for. */
function raceAbort<T>(cancel: Cancellation, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (cancel.aborted) return reject(cancel.reason);
    const dispose = cancel.onAbort(reject);
    work().then(
      (value) => {
        dispose();
        resolve(value);
      },
      (error: unknown) => {
        dispose();
        reject(error);
      },
    );
  });
}

/** A body nested deeper than mon walks: a clear error here, not a stack overflow in whatever prints it. */
function checkDepth(body: unknown, text: string, status: number, label: { method: string; path: string }): void {
  if (!exceedsDepth(body, MAX_JSON_DEPTH, text)) return;
  throw new ApiError(
    'response',
    `The server answered ${statusLabel(status)} to ${label.method} ${label.path} with JSON nested more than ${MAX_JSON_DEPTH} levels deep; mon does not read it.`,
    { status, hint: (next) => `Check the base URL (${next('auth status')}); --debug shows the start of the answer.` },
  );
}

function parseJsonBody(
  text: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  label: { method: string; path: string; uncertainHint?: Hint },
): unknown {
  if (text.trim() === '') return undefined;
  try {
    // Numbers keep the text they were written with: --json prints the body as received.
    return parseJson(text);
  } catch {
    const type = String(headers['content-type'] ?? 'no content type');
    const looksHtml = /^\s*</.test(text);
    throw new ApiError(
      'response',
      `The server answered ${statusLabel(status)} to ${label.method} ${label.path} with a body that is not JSON (${sanitize(type)}${looksHtml ? ', looks like an HTML page' : ''}): ${sanitize(text.slice(0, 120))}`,
      {
        status,
        requestId: requestIdOf(headers),
        hint: joinHints(
          label.uncertainHint,
          (next) =>
            `A proxy or the wrong base URL can cause this: check ${next('auth status')}, and run with --debug to see the whole response.`,
        ),
      },
    );
  }
}
