/**
 * Hostile peers for the end-to-end tests: an HTTP server whose every answer a test writes
 * (slow, wrong, huge, never answering), and forward proxies that count what they were asked
 * (or refuse it). Each listens on 127.0.0.1 on a port found free at run time.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { cleanEnv } from './harness';
import { WAIT_MS } from '../timeouts';

export const HOSTILE_KEY = 'sk_test_h0stile5ecretKey42';
export const HOSTILE_ACCOUNT = '11111111-2222-4333-8444-555555555555';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface Hostile {
  url: string;
  /** Every request the server received, in order. */
  received: Received[];
  /** An environment for runMon pointing at this server, with an API key. */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A server that answers each request with `handler` (which may never answer at all). */
export async function hostileServer(
  handler: (req: IncomingMessage, res: ServerResponse, index: number) => void,
): Promise<Hostile> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    res.on('error', () => {});
    handler(req, res, received.length - 1);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const url = `http://127.0.0.1:${await listen(server)}`;
  return {
    url,
    received,
    env: (extra = {}) =>
      cleanEnv({ MON_BASE_URL: url, MON_API_KEY: HOSTILE_KEY, MON_ACCOUNT_ID: HOSTILE_ACCOUNT, ...extra }),
    close: () => closeServer(server, sockets),
  };
}

/** Answers with JSON. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

export interface Proxy {
  url: string;
  /** "CONNECT host:port" or "GET http://..." for each thing the proxy was asked. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * A forward proxy. `route` maps the host:port asked for to where the proxy really connects
 * (default: as asked); `mode` "refuse" closes every CONNECT without an answer, "hang" never
 * answers one, "deny" answers 403.
 */
export async function forwardProxy(
  options: { route?: (hostPort: string) => string; mode?: 'tunnel' | 'refuse' | 'hang' | 'deny' } = {},
): Promise<Proxy> {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const route = options.route ?? ((hostPort: string) => hostPort);
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    asked.push(`CONNECT ${req.url}`);
    socket.on('error', () => {});
    const mode = options.mode ?? 'tunnel';
    if (mode === 'refuse') return socket.destroy();
    if (mode === 'hang') return;
    if (mode === 'deny') return socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    const target = route(req.url!);
    const colon = target.lastIndexOf(':');
    const upstream = connect(Number(target.slice(colon + 1)), target.slice(0, colon), () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
  const url = `http://127.0.0.1:${await listen(server)}`;
  return { url, asked, close: () => closeServer(server, sockets) };
}

/** Waits (polling) until `condition` holds; fails after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The two ways a request goes out (src/api/transport.ts): node:http, and undici through a proxy. */
export type Way = 'direct' | 'through a proxy';

/**
 * For a file whose client tests run both ways: a proxy that tunnels every CONNECT to the
 * test's server, and what a test needs to send through it. Through the proxy the base URL
 * names a host that is not this machine (a loopback one never goes through a proxy), so plain
 * http needs --insecure. Call at the top of the file; `each` runs a block of tests both ways.
 */
export function bothWays() {
  let way: Way = 'direct';
  let port = 0;
  let proxy: Proxy | undefined;
  beforeAll(async () => {
    proxy = await forwardProxy({ route: () => `127.0.0.1:${port}` });
  });
  afterAll(() => proxy?.close());
  const ways = {
    get way() {
      return way;
    },
    get proxy() {
      return proxy!;
    },
    /** Runs the tests `body` declares once each way; through the proxy, each test's requests must have used it. */
    each(name: string, body: () => void): void {
      describe.each<Way>(['direct', 'through a proxy'])(`${name} (%s)`, (each) => {
        beforeAll(() => {
          way = each;
        });
        afterAll(() => {
          way = 'direct';
        });
        beforeEach(() => {
          proxy!.asked.length = 0;
        });
        afterEach(() => {
          if (way === 'direct') expect(proxy!.asked).toEqual([]);
        });
        body();
      });
    },
    /** The base URL for a server at `url` (http://127.0.0.1:PORT), as this way reaches it. */
    baseUrl(url: string): string {
      port = Number(new URL(url).port);
      return way === 'direct' ? url : url.replace('127.0.0.1', 'api.mon.test');
    },
    /** The environment that sends through the proxy (nothing directly). */
    env(): Record<string, string> {
      return way === 'direct' ? {} : { HTTP_PROXY: proxy!.url };
    },
    /** What a message adds about the way: ` through the proxy http://127.0.0.1:PORT (HTTP_PROXY)`. */
    via(): string {
      return way === 'direct' ? '' : ` through the proxy ${proxy!.url} (HTTP_PROXY)`;
    },
  };
  return ways;
}
