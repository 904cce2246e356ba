import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { isLoopbackAddress, isLoopbackName } from '../api/request';
import { adminRoutes } from './admin';
import { faultAnswer, nextFault, parseFaults, type Faults } from './faults';
import {
  answerOf,
  errorBody,
  hasBody,
  HttpError,
  readJsonBody,
  send,
  sendText,
  type SandboxRequest,
  type SandboxResponse,
} from './http';
import { MODULES } from './modules/index';
import { Router } from './router';
import { requestRedactor } from './redact';
import { API_KEY_META, newSandboxKey, PING_URL_HEADER } from './defaults';
import { JournalError } from './journal';
import { Store } from './store';
import { CLOCK_OFFSET_META, SandboxClock, type ModuleContext, type SandboxOptions } from './module';
import { seedModules } from './seed';
import { RequestLog, type LoggedRequest } from './request-log';
import { REQUEST_LIMITS } from './limits';
import { sanitize } from '../text/escape';

export interface Sandbox {
  url: string;
  pingUrl: string;
  /** The key it accepts (--api-key, or its data file's own). */
  apiKey: string;
  /** Where else than `url` it can be reached, when it listens beyond loopback (--host 0.0.0.0): other machines can use it. */
  reachableAt: string[];
  store: Store;
  clock: SandboxClock;
  options: SandboxOptions;
  /** The last requests received (admin requests excepted), oldest first; see RequestLog. */
  requests: LoggedRequest[];
  banner(): { lines: string[]; json: Record<string, unknown> };
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const store = options.dataFile ? Store.open(options.dataFile, options.journal) : Store.memory();
  let ownKey = store.meta<unknown>(API_KEY_META);
  const clock = new SandboxClock(options.now, store.meta<number>(CLOCK_OFFSET_META) ?? 0);
  const faults: Faults | undefined = options.faults ? parseFaults(options.faults) : undefined;
  let url = '';
  const ctx: ModuleContext = { store, clock, options, baseUrl: () => url, pingUrl: () => `${url}/ping` };
  const router = new Router();
  const requestLog = new RequestLog();
  const requests = requestLog.entries;
  try {
    seedModules(ctx);
    if (typeof ownKey !== 'string') {
      // The data file's own key, kept with its data: a restart, `mon sandbox info` and
      // `mon --sandbox` agree on it. (A file from before had none: it gets one now.)
      ownKey = newSandboxKey();
      store.setMeta(API_KEY_META, ownKey);
    }
    for (const module of MODULES) {
      module.start?.(ctx);
      module.routes(router, ctx);
    }
    await store.sync();
  } catch (error) {
    store.close();
    throw error;
  }
  adminRoutes(router, { clock, store, log: requestLog });
  const key = options.apiKey ?? (ownKey as string);
  const redact = requestRedactor(key);

  // Everything it logs comes from clients, unauthenticated ones too: escaped before it reaches a terminal.
  const accessLog = options.log ? (line: string) => options.log!(sanitize(line, { newlines: true })) : undefined;

  /** Every open connection (each is closed with the server). */
  const sockets = new Set<Socket>();
  /** Connections past REQUEST_LIMITS.connections: answered 503 and closed, never served. */
  const refused = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (refused.has(req.socket)) return;
    void handle(req, res).catch((error: unknown) => {
      if (error instanceof JournalError) {
        accessLog?.(`sandbox error: ${error.message}`);
        if (!res.headersSent) send(res, ...journalFailure(error));
        else res.destroy();
        return;
      }
      accessLog?.(`sandbox error: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) send(res, 500, errorBody(500, 'Internal sandbox error'));
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    const over = sockets.size - refused.size >= REQUEST_LIMITS.connections;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      refused.delete(socket);
    });
    if (!over) return;
    refused.add(socket);
    socket.on('error', () => {});
    // A client that keeps its side open is not waited for.
    socket.setTimeout(5000, () => socket.destroy());
    socket.end(busyAnswer());
  });
  // Known only once it listens: the names and addresses a request may be addressed to.
  let ownHosts: (host: string) => boolean = () => false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const target = requestTarget(req.url ?? '/');
    const rawPath = target?.pathname ?? '';
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    // Its own clock, moved by `mon sandbox clock advance` (clients compute "5m ago" against it).
    res.setHeader('date', new Date(clock.now()).toUTCString());
    // Where its pings go, on the host the client reached it by: `mon auth login` stores it.
    res.setHeader(PING_URL_HEADER, '/ping');
    // No credential in the logs (redact.ts): ping tokens, keys in a query, the sandbox's key.
    const logged = redact.path(req.url ?? '/');
    res.on('finish', () => accessLog?.(`${method} ${logged} → ${res.statusCode} (${Date.now() - started} ms)`));

    if (!target) return refuseUnread(req, res, new HttpError(400, 'The request target is neither a path nor a URL'));
    // A page of another site whose name was pointed at this machine (DNS rebinding) sends its own
    // name; a URL as the target (absolute-form) names the host instead of the Host header.
    const host = hostName(target.host !== SELF ? target.host : req.headers.host);
    if (host !== undefined && !ownHosts(host)) {
      return refuseUnread(req, res, new HttpError(421, misdirected(host)));
    }
    const isAdmin = rawPath.startsWith('/__sandbox/');
    // The log is of what the API was asked: page views (a browser on /status/) are not in it.
    const isPage = rawPath === '/status' || rawPath.startsWith('/status/');
    const isApi = rawPath.startsWith('/v1/') || rawPath === '/v1';
    const record = (body: unknown, size: number) => {
      if (isAdmin || isPage) return;
      const headers = redact.headers(req.headers);
      const entry: LoggedRequest = {
        method,
        path: redact.path(`${rawPath}${target.search}`),
        status: null,
        time: new Date(clock.now()).toISOString(),
        body: redact.body(body),
        headers,
      };
      res.on('finish', () => {
        entry.status = res.statusCode;
        const answer = answerOf(res);
        if (answer) requestLog.answer(entry, { status: answer.status, body: redact.body(answer.body) }, answer.size);
      });
      requestLog.add(entry, size + entry.path.length + JSON.stringify(headers).length + 100);
    };

    // The key first: a request without it is answered before its body is read (it is never read).
    let match: ReturnType<Router['match']> | undefined;
    /** No route for an authorized API call: answered once its body is read, so the log shows what was sent. */
    let noRoute: HttpError | undefined;
    try {
      const keyed = isApi || isAdmin;
      if (keyed) authorize(req, key, options.accountId);
      try {
        match = router.match(method, rawPath);
      } catch (error) {
        if (!keyed || !(error instanceof HttpError)) throw error;
        noRoute = error;
      }
      if (match && match.route.auth !== false && !keyed) authorize(req, key, options.accountId);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      record(undefined, 0);
      return refuseUnread(req, res, error);
    }
    // A route open to all (pings, status pages) reads no body either: the connection closes after its answer.
    let body: unknown;
    let size = 0;
    if (match?.route.auth === false) {
      if (hasBody(req) && !req.complete) res.setHeader('connection', 'close');
    } else {
      try {
        ({ body, size } = await readJsonBody(req));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        record(undefined, size);
        return refuseUnread(req, res, error);
      }
    }
    record(body, size);
    // The file may differ from memory since a flush failed: answer nothing from memory.
    if (store.failure) return send(res, ...journalFailure(store.failure));
    if (!match) {
      const { status, message, headers } = noRoute!;
      return send(res, status, errorBody(status, message), headers);
    }

    let response: SandboxResponse;
    let drop = false;
    try {
      if (isApi && faults) {
        const fault = await nextFault(faults, method);
        if (fault?.kind === 'reset') return void req.socket.destroy();
        if (fault?.kind === 'hang') return;
        if (fault?.kind === 'status') {
          const answer = faultAnswer(fault.status);
          return send(res, answer.status, answer.body, answer.headers);
        }
        drop = fault?.kind === 'drop';
      }
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      const request: SandboxRequest = {
        method,
        path: rawPath,
        params: match.params,
        query: target.searchParams,
        body,
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress ?? '',
        signal: gone.signal,
      };
      response = await match.route.handler(request);
    } catch (error) {
      if (error instanceof JournalError) {
        accessLog?.(`sandbox error: ${error.message}`);
        return send(res, ...journalFailure(error));
      }
      if (!(error instanceof HttpError)) throw error;
      response = { status: error.status, body: errorBody(error.status, error.message), headers: error.headers };
    }
    // Nothing is answered before the changes it could show are on disk (one flush for all
    // the requests waiting at the same time).
    await store.sync();
    // The work is done (and persisted); a "drop" fault loses only the answer.
    if (drop) return void req.socket.destroy();
    if (response.text !== undefined) return sendText(res, response.status, response.text, response.headers ?? {});
    send(res, response.status, response.body, response.headers);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    store.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  const reachable = reachableAt(address);
  ownHosts = servedHosts(options.host ?? '127.0.0.1', reachable);

  return {
    url,
    pingUrl: `${url}/ping`,
    apiKey: key,
    reachableAt: reachable,
    store,
    clock,
    options,
    requests,
    banner() {
      const lines: string[] = [];
      const json: Record<string, unknown> = {};
      for (const module of MODULES) {
        const part = module.banner?.(ctx);
        if (!part) continue;
        lines.push(...part.lines);
        Object.assign(json, part.json);
      }
      return { lines, json };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      try {
        await store.sync();
      } catch {
        // Already reported to the requests that waited for it.
      }
      store.close();
    },
  };
}

/**
 * The URLs other machines can reach the sandbox at: none when it listens on loopback; every
 * address of this machine's network interfaces when it listens on all of them (0.0.0.0, ::).
 */
function reachableAt(address: AddressInfo): string[] {
  if (isLoopbackAddress(address.address)) return [];
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const hosts = everywhere
    ? Object.values(networkInterfaces())
        .flat()
        .filter((entry) => entry && !entry.internal && (address.address === '::' || entry.family === 'IPv4'))
        // A link-local IPv6 address needs its interface named: not one to hand out.
        .filter((entry) => !entry!.scopeid)
        .map((entry) => entry!.address)
    : [address.address];
  return hosts.map((host) => `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
}

/** The host a request target that is a path is read against. */
const SELF = 'sandbox.invalid';

/**
 * A request's target as a URL: a path (origin-form, `//x` included, which is a path there,
 * not a host), or a whole URL (absolute-form); undefined when it is neither.
 */
function requestTarget(raw: string): URL | undefined {
  try {
    return raw.startsWith('/') ? new URL(`http://${SELF}${raw}`) : new URL(raw, `http://${SELF}/`);
  } catch {
    return undefined;
  }
}

/**
 * The host names a request may be addressed to: loopback names and addresses, the --host it
 * was started with, and where it listens beyond loopback, this machine's addresses and name.
 * Any other (a site's name pointed at this machine by DNS rebinding) is answered 421.
 */
function servedHosts(listenedOn: string, reachable: string[]): (host: string) => boolean {
  const own = new Set([hostName(listenedOn)!, ...reachable.map((url) => hostName(new URL(url).host)!)]);
  if (reachable.length) own.add(hostName(hostname())!);
  return (host) => own.has(host) || isLoopbackAddress(host) || isLoopbackName(host);
}

/** The host of a Host header (or an address), lower case, without its port, brackets or final dot; undefined when absent. */
function hostName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const text = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  // An IPv6 address without brackets (how --host gives one) has colons of its own.
  const host = (text.match(/:/g) ?? []).length > 1 ? text : text.replace(/:\d*$/, '');
  return host.replace(/\.$/, '');
}

function misdirected(host: string): string {
  return `This sandbox answers requests addressed to this machine (localhost, a loopback address, or the --host it was started with), not to ${JSON.stringify(host)}: a web page of another site cannot use it.`;
}

/**
 * An error answered before the request's body is read: the connection is closed after it, so
 * whatever the client is still sending is not read (nor held).
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  if (hasBody(req) && !req.complete) res.setHeader('connection', 'close');
  send(res, error.status, errorBody(error.status, error.message), error.headers);
}

/** What a connection past REQUEST_LIMITS.connections gets, as raw HTTP: 503 with the API's error body. */
function busyAnswer(): string {
  const body = JSON.stringify(
    errorBody(
      503,
      `The sandbox has ${REQUEST_LIMITS.connections} connections open, the most it serves at once: try again when one closes.`,
    ),
  );
  return [
    'HTTP/1.1 503 Service Unavailable',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'retry-after: 1',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

function authorize(req: IncomingMessage, apiKey: string, accountId: string): void {
  const header = req.headers.authorization;
  if (!header) throw new HttpError(401, 'Missing Authorization header: send Authorization: Bearer <API key>');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match || match[1]!.trim() !== apiKey) throw new HttpError(401, 'Bad Token');
  const account = req.headers['x-service-account'];
  if (account !== undefined && account !== accountId) {
    throw new HttpError(403, 'This API key does not belong to the account in x-service-account');
  }
}

/** A change that did not reach the disk: 507 when the disk is full, else 500; the API's error body. */
function journalFailure(error: JournalError): [number, ReturnType<typeof errorBody>] {
  const status = error.code === 'ENOSPC' ? 507 : 500;
  const next = error.fatal
    ? 'The sandbox takes no more requests: restart it (it reads its data file back).'
    : 'Nothing was changed; free some space and try again.';
  return [status, errorBody(status, `The sandbox could not save the change: ${error.message}. ${next}`)];
}
