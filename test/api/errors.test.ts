/*
 * Issue 27, item 15 (and issue 33, item 7): errors say what happened. A redirect names where it
 * points; a body cut off mid-way is said as such (not "could not reach"); undici's and the
 * system's codes (UND_ERR_SOCKET, ECONNREFUSED) become words.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  closedPort,
  type ClosedPort,
  httpServer,
  mon,
  TEST_ACCOUNT,
  TEST_KEY,
  testEnv,
  type TestServer,
} from '../helpers';
import { bothWays } from '../e2e/hostile';

// Each test runs both ways a request goes out: direct, and through a proxy (hostile.ts).
const ways = bothWays();

let server: TestServer | undefined;
async function serve(handler: Parameters<typeof httpServer>[0]): Promise<string> {
  server = await httpServer(handler);
  return ways.baseUrl(server.url);
}
/** mon LINE against `url`, the way this block sends (plain http to a remote name needs --insecure). */
async function run(line: string, url: string) {
  const result = await mon(ways.way === 'direct' ? line : `--insecure ${line}`, { env: env(url) });
  if (ways.way !== 'direct') expect(ways.proxy.asked.length).toBeGreaterThan(0);
  return result;
}
/** How many requests the server got. */
const requests = () => server!.received.length;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
let closed: ClosedPort;
beforeAll(async () => {
  closed = await closedPort();
});
afterAll(async () => {
  await closed.release();
});

const env = (url: string) =>
  testEnv({ env: { MON_BASE_URL: url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT, ...ways.env() } });
/** Internal codes a person should never have to read. */
const CODES = /\b(UND_ERR_[A-Z_]+|E[A-Z]{4,}|HPE_[A-Z_]+)\b/;

ways.each('a redirect', () => {
  it('names the Location (escaped, its user info masked), and is not followed', async () => {
    // Written by hand: node:http would refuse the C1 control (U+009B) in a header.
    const url = await serve((_req, res) =>
      res.socket?.end(
        Buffer.from(
          'HTTP/1.1 301 Moved Permanently\r\nLocation: https://user:pw@evil.example/v1/x\u009b[2J\r\nContent-Length: 0\r\n\r\n',
          'latin1',
        ),
      ),
    );
    const result = await run('runtimes list', url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The server answered 301 Moved Permanently to GET /v1/runtimes, redirecting to https://••••:••••@evil.example/v1/x\\x9b[2J; mon does not follow redirects',
    );
    expect(result.stderr).toContain('base URL');
    expect(requests()).toBe(1);
  });
});

ways.each('an answer cut off before its end', () => {
  const cutOff = (status: number) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"entries":');
    setTimeout(() => res.socket?.destroy(), 10);
  };

  it('a GET: retried, then said as cut off after N of M bytes, not "could not reach"', async () => {
    const url = await serve(cutOff(200));
    const result = await run('runtimes list', url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The answer (200 OK) was cut off after 11 of 1000 bytes');
    expect(result.stderr).not.toMatch(/could not reach/i);
    expect(result.stderr).not.toMatch(CODES);
    expect(requests()).toBe(4);
  });

  it('a POST: it reached the server, which answered; not retried', async () => {
    const url = await serve(cutOff(201));
    const result = await run('api -X POST /v1/things -f a=b', url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `POST /v1/things reached the server${ways.via()}, but the answer (201 Created) was cut off after 11 of 1000 bytes`,
    );
    expect(result.stderr).toContain('It was probably done');
    expect(result.stderr).not.toMatch(/could not reach|may or may not/i);
    expect(requests()).toBe(1);
  });
});

ways.each('internal codes become words', () => {
  it('a connection closed without an answer (UND_ERR_SOCKET): "the connection was closed"', async () => {
    const url = await serve((_req, res) => res.socket?.destroy());
    const get = await run('runtimes list', url);
    expect(get.code).toBe(1);
    expect(get.stderr).toContain(`Could not reach ${url}${ways.via()} after 4 attempts: the connection was closed.`);
    expect(get.stderr).not.toMatch(CODES);
    const post = await run('api -X POST /v1/things -f a=b', url);
    expect(post.stderr).toContain(
      `The connection failed after POST /v1/things was sent${ways.via()} (the connection was closed); the server may or may not have acted on it.`,
    );
    expect(post.stderr).not.toMatch(CODES);
  });

  it('a refused connection: "the connection was refused"; --debug still shows the code', async () => {
    const result = await mon('runtimes list', { env: env(closed.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the connection was refused (nothing is listening there)');
    expect(result.stderr).not.toMatch(CODES);
    const debug = await mon('runtimes list --debug', { env: env(closed.url) });
    expect(debug.stderr).toContain('ECONNREFUSED');
  });

  it('an answer that is not HTTP (HPE_*): "the answer is not valid HTTP"', async () => {
    const url = await serve((_req, res) => {
      res.socket?.end('NOT HTTP AT ALL\r\n\r\n');
    });
    const result = await run('runtimes list', url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the answer is not valid HTTP');
    expect(result.stderr).not.toMatch(CODES);
  });
});
