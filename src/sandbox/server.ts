import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseFaults, type Faults } from './faults';
import { errorBody, HttpError, reason, type SandboxRequest, type SandboxResponse } from './http';
import { MODULES } from './modules/index';
import { Router } from './router';
import { maskSecret } from '../text/mask';
import { Store } from './store';
import { SandboxClock, type ModuleContext, type SandboxOptions } from './module';

export interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** What was answered (status and JSON body); absent while unanswered or when the connection was closed instead. */
  answer?: { status: number; body: unknown };
}

export interface Sandbox {
  url: string;
  pingUrl: string;
  store: Store;
  clock: SandboxClock;
  options: SandboxOptions;
  /** Every request received (admin requests excepted), oldest first; capped at 10,000. */
  requests: LoggedRequest[];
  banner(): { lines: string[]; json: Record<string, unknown> };
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_LOGGED = 10_000;

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const store = options.dataFile ? Store.open(options.dataFile) : Store.memory();
  const clock = new SandboxClock(options.now);
  const faults: Faults | undefined = options.faults ? parseFaults(options.faults) : undefined;
  let url = '';
  const ctx: ModuleContext = { store, clock, options, pingUrl: () => `${url}/ping` };
  const router = new Router();
  const requests: LoggedRequest[] = [];
  try {
    for (const module of MODULES) {
      if (module.seed && !store.meta(`seeded.${module.name}`)) {
        module.seed(ctx);
        store.setMeta(`seeded.${module.name}`, true);
      }
      module.start?.(ctx);
      module.routes(router, ctx);
    }
  } catch (error) {
    store.close();
    throw error;
  }
  adminRoutes(router, { clock, requests });

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      options.log?.(`sandbox error: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) send(res, 500, errorBody(500, 'Internal sandbox error'));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const target = new URL(req.url ?? '/', 'http://sandbox');
    const rawPath = target.pathname;
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    // A ping token is a secret: the access log shows it masked.
    const logged = (req.url ?? '/').replace(/^\/ping\/([^/?#]+)/, (_, token: string) => `/ping/${maskSecret(token)}`);
    res.on('finish', () => options.log?.(`${method} ${logged} → ${res.statusCode} (${Date.now() - started} ms)`));

    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 400;
      return send(res, status, errorBody(status, (error as Error).message));
    }
    const isAdmin = rawPath.startsWith('/__sandbox/');
    if (!isAdmin) {
      if (requests.length >= MAX_LOGGED) requests.shift();
      const entry: LoggedRequest = { method, path: `${rawPath}${target.search}`, body, headers: loggedHeaders(req) };
      res.on('finish', () => (entry.answer = answered.get(res)));
      requests.push(entry);
    }

    let response: SandboxResponse;
    let drop = false;
    try {
      const isApi = rawPath.startsWith('/v1/') || rawPath === '/v1';
      if (isApi || isAdmin) authorize(req, options);
      const { route, params } = router.match(method, rawPath);
      if (route.auth !== false && !isApi && !isAdmin) authorize(req, options);
      if (isApi && faults) {
        if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
        const fault = faults.pick(method);
        if (fault?.kind === 'reset') return void req.socket.destroy();
        if (fault?.kind === 'hang') return;
        if (fault?.kind === 'status') {
          const headers: Record<string, string> = fault.status === 429 ? { 'retry-after': '1' } : {};
          return send(
            res,
            fault.status,
            errorBody(fault.status, `Injected fault (--faults): ${reason(fault.status)}`),
            headers,
          );
        }
        drop = fault?.kind === 'drop';
      }
      const request: SandboxRequest = {
        method,
        path: rawPath,
        params,
        query: target.searchParams,
        body,
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress ?? '',
      };
      response = await route.handler(request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      response = { status: error.status, body: errorBody(error.status, error.message), headers: error.headers };
    }
    // The work is done (and persisted); a "drop" fault loses only the answer.
    if (drop) return void req.socket.destroy();
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

  return {
    url,
    pingUrl: `${url}/ping`,
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
      store.close();
    },
  };
}

function authorize(req: IncomingMessage, options: SandboxOptions): void {
  const header = req.headers.authorization;
  if (!header) throw new HttpError(401, 'Missing Authorization header: send Authorization: Bearer <API key>');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match || match[1]!.trim() !== options.apiKey) throw new HttpError(401, 'Bad Token');
  const account = req.headers['x-service-account'];
  if (account !== undefined && account !== options.accountId) {
    throw new HttpError(403, 'This API key does not belong to the account in x-service-account');
  }
}

function loggedHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'authorization' || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'The body is larger than 1 MB');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

/** What each response carried, for the request log. */
const answered = new WeakMap<ServerResponse, { status: number; body: unknown }>();

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  answered.set(res, { status, body });
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function adminRoutes(router: Router, state: { clock: SandboxClock; requests: LoggedRequest[] }): void {
  // Test helpers, outside the API: what was received, and moving the clock forward.
  router.get('/__sandbox/requests', () => ({ status: 200, body: state.requests }));
  router.add({
    method: 'DELETE',
    path: '/__sandbox/requests',
    handler: () => {
      state.requests.length = 0;
      return { status: 204 };
    },
  });
  router.post('/__sandbox/clock', (request) => {
    const seconds = (request.body as { advanceSeconds?: unknown } | undefined)?.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      throw new HttpError(400, 'body.advanceSeconds must be a number >= 0');
    }
    state.clock.advance(seconds * 1000);
    return { status: 200, body: { now: new Date(state.clock.now()).toISOString() } };
  });
}
