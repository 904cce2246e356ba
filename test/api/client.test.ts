import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { parseResponse } from '../../src/api/read';
import type { Transport } from '../../src/api/transport';
import { CancelledError } from '../../src/errors';
import { Cancellation } from '../../src/signals';
import { bothWays } from '../e2e/hostile';
import type { Sandbox } from '../../src/sandbox/server';
import { closedPort, memorySandbox, mon, sandboxCall, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';
import { WAIT_MS } from '../timeouts';

type Handler = (req: IncomingMessage, res: ServerResponse, count: number) => void;

let server: Server | undefined;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

// Every client test runs both ways a request goes out: direct, and through a proxy (hostile.ts).
const ways = bothWays();

/** The server's URL as the client is given it: its own, or a remote name the proxy reaches it by. */
async function serve(handler: Handler): Promise<string> {
  seen.length = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return ways.baseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

afterEach(() => {
  // Through the proxy, every connection was a tunnel it opened.
  if (ways.way !== 'direct' && seen.length) expect(ways.proxy.asked.length).toBeGreaterThan(0);
  seen.length = 0;
});

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

function client(baseUrl: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  return new ApiClient({
    baseUrl,
    apiKey: 'sk_live_abcdefghijklmnop',
    accountId: 'acct-1',
    // Only the tests of the deadline give a short one; for the rest, no wait the machine's load could reach.
    timeoutMs: WAIT_MS,
    backoffMs: { base: 5, cap: 20 },
    env: ways.env(),
    insecure: ways.way !== 'direct',
    ...extra,
  });
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

ways.each('ApiClient', () => {
  it('sends the key and account, and accepts any 2xx', async () => {
    const url = await serve((_req, res) => json(res, 203, { ok: true }));
    const response = await client(url).request({ method: 'GET', path: '/v1/runtimes' });
    expect(response).toMatchObject({ status: 203, body: { ok: true } });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer sk_live_abcdefghijklmnop',
      'x-service-account': 'acct-1',
    });
  });

  it.each([502, 503, 504])('retries a GET after %i, then succeeds', async (status) => {
    const url = await serve((_req, res, count) =>
      count === 1 ? json(res, status, { message: 'busy' }) : json(res, 200, []),
    );
    await expect(client(url).request({ method: 'GET', path: '/v1/x' })).resolves.toMatchObject({ status: 200 });
    expect(seen).toHaveLength(2);
  });

  it("keeps the server's clock from the Date header of its last answer (a difference under its 1 s resolution is none)", async () => {
    const ours = Date.parse('2026-03-02T10:00:00.400Z');
    let date = 'Mon, 02 Mar 2026 12:00:00 GMT';
    const url = await serve((_req, res) => json(res, 200, {}, date ? { date } : {}));
    const api = client(url, { now: () => ours });
    expect(api.now()).toBe(ours); // nothing heard yet
    await api.request({ method: 'GET', path: '/v1/x' });
    expect(new Date(api.now()).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    date = 'Mon, 02 Mar 2026 09:00:00 GMT';
    await api.request({ method: 'GET', path: '/v1/x' });
    expect(new Date(api.now()).toISOString()).toBe('2026-03-02T09:00:00.000Z');
    date = 'Mon, 02 Mar 2026 10:00:00 GMT';
    await api.request({ method: 'GET', path: '/v1/x' });
    expect(api.now()).toBe(ours);
  });

  it('a slow answer is not a server behind us: the Date it wrote when the request came in, read 5 s later, moves no clock', async () => {
    let ours = Date.parse('2026-03-02T10:00:00.400Z');
    const url = await serve((_req, res) => {
      const date = new Date(ours).toUTCString(); // written as the request comes in
      ours += 5000; // and answered 5 s later
      json(res, 200, {}, { date });
    });
    const api = client(url, { now: () => ours });
    await api.request({ method: 'GET', path: '/v1/x' });
    expect(new Date(api.now()).toISOString()).toBe('2026-03-02T10:00:05.400Z');
  });

  it('a Date outside the time the request took, by the resolution of the header, is a clock that differs, on each side', async () => {
    let ours = Date.parse('2026-03-02T10:00:00.000Z');
    let date = '';
    const url = await serve((_req, res) => {
      ours += 3000; // the answer took 3 s: sent at 10:00:00, received at 10:00:03
      json(res, 200, {}, { date });
    });
    const api = client(url, { now: () => ours });
    const seenAfter = async (header: string) => {
      ours = Date.parse('2026-03-02T10:00:00.000Z');
      date = header;
      await api.request({ method: 'GET', path: '/v1/x' });
      return api.now() - ours; // how far ahead the server is taken to be
    };
    expect(await seenAfter('Mon, 02 Mar 2026 10:00:04 GMT')).toBe(1000); // one resolution past the answer: ahead
    expect(await seenAfter('Mon, 02 Mar 2026 10:00:03 GMT')).toBe(0); // within
    expect(await seenAfter('Mon, 02 Mar 2026 09:59:59 GMT')).toBe(-1000); // one resolution before the request: behind
    expect(await seenAfter('Mon, 02 Mar 2026 10:00:00 GMT')).toBe(0); // within
  });

  it('retries a PUT after a reset connection', async () => {
    const url = await serve((req, res, count) => (count === 1 ? req.socket.destroy() : json(res, 200, { id: '1' })));
    await expect(client(url).request({ method: 'PUT', path: '/v1/x', body: {} })).resolves.toMatchObject({
      status: 200,
    });
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(2);
  });

  it('a GET and a PUT on a kept-alive connection the server closes as it is reused: sent again on a new one', async () => {
    // As a server whose keep-alive time ends just as the next request goes out on the
    // connection (the sandbox's is 5 s): the request is met by a closed connection, unanswered.
    const reused = new WeakSet<object>();
    let closed = 0;
    const url = await serve((req, res) => {
      if (reused.has(req.socket)) {
        closed++;
        return void req.socket.destroy();
      }
      reused.add(req.socket);
      json(res, 200, { id: '1' });
    });
    const api = client(url);
    const answered: number[] = [];
    for (const method of ['GET', 'PUT', 'GET', 'PUT'] as const) {
      const answer = await api.request({ method, path: '/v1/x', ...(method === 'PUT' ? { body: {} } : {}) });
      answered.push(answer.status);
    }
    await api.close();
    expect(answered).toEqual([200, 200, 200, 200]);
    // Some went out on a kept connection and met it closed (the test means something), and
    // each of those once more: no request lost, none sent a third time.
    expect(closed).toBeGreaterThan(0);
    expect(seen).toHaveLength(4 + closed);
  });

  it('gives up after a bounded number of attempts, naming the status and the attempts', async () => {
    const url = await serve((_req, res) =>
      json(res, 503, { statusCode: 503, error: 'Service Unavailable', message: 'down' }, { 'x-request-id': 'req-42' }),
    );
    const error = await client(url)
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('api');
    expect((error as ApiError).message).toBe(
      'The server failed (503 Service Unavailable: down) after 4 attempts on GET /v1/x. (request ID req-42)',
    );
    expect(seen).toHaveLength(4);
  });

  it('never sends a POST twice once it may have reached the server', async () => {
    const url = await serve((req) => req.socket.destroy());
    const error = await client(url)
      .request({
        method: 'POST',
        path: '/v1/status-pages/incidents',
        body: { name: 'x' },
        uncertainHint: 'Check with `mon incidents list` before retrying.',
      })
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect((error as ApiError).kind).toBe('network');
    expect((error as ApiError).message).toContain('may or may not have acted on it');
    expect((error as ApiError).hint).toBe('Check with `mon incidents list` before retrying.');
  });

  it('does not retry a POST after a 503 (it may have been processed)', async () => {
    const url = await serve((_req, res) => json(res, 503, { message: 'busy' }));
    const error = (await client(url)
      .request({ method: 'POST', path: '/v1/x', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(seen).toHaveLength(1);
    expect(error.status).toBe(503);
  });

  it('honours Retry-After in seconds and as an HTTP date, and maps a lasting 429 to the rate-limit kind', async () => {
    // The date is written when the second answer goes out: 1 to 2 s later in whole seconds.
    let answeredAt = 0;
    let dateMs = 0;
    const url = await serve((_req, res, count) => {
      if (count === 2) {
        answeredAt = Date.now();
        dateMs = Date.parse(new Date(answeredAt + 2000).toUTCString());
      }
      json(res, 429, { message: 'slow down' }, { 'retry-after': count === 1 ? '0' : new Date(dateMs).toUTCString() });
    });
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const error = (await client(url, { maxAttempts: 3, sleep })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    const ended = Date.now();
    expect(seen).toHaveLength(3);
    // "0": again at once; the date: until then, as read between the answer and the end (events,
    // not a budget: however slow the machine, the wait is the date less the time it was read at).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBe(0);
    expect(dateMs - answeredAt).toBeGreaterThan(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(Math.max(0, dateMs - ended));
    expect(waits[1]).toBeLessThanOrEqual(dateMs - answeredAt);
    expect(error.kind).toBe('rate-limit');
    expect(error.message).toBe('Rate limited (429 Too Many Requests: slow down) after 3 attempts.');
  });

  it.each(['-5', '1,5', 'Tomorrow, 10 am'])(
    'an invalid Retry-After (%s) means the normal backoff, not "retry now"',
    async (value) => {
      const url = await serve((_req, res) => json(res, 503, { message: 'busy' }, { 'retry-after': value }));
      const lines: string[] = [];
      const error = (await client(url, { backoffMs: { base: 200, cap: 200 }, debug: (line) => lines.push(line) })
        .request({ method: 'GET', path: '/v1/x' })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(503);
      expect(seen).toHaveLength(4);
      // The backoff waits between half and all of 200 ms before each retry; "-5" made it 0.
      const waits = lines.flatMap((line) => /waiting (\d+) ms/.exec(line)?.[1] ?? []).map(Number);
      expect(waits).toHaveLength(3);
      for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(100);
    },
  );

  it('stops waiting when Retry-After would pass the deadline', async () => {
    const url = await serve((_req, res) => json(res, 429, { message: 'later' }, { 'retry-after': '120' }));
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const error = (await client(url, { timeoutMs: 2000, sleep })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    // No wait at all: the 120 s asked for end past the 2 s deadline, so it says so at once.
    expect(waits).toEqual([]);
    expect(error.kind).toBe('rate-limit');
    expect(seen).toHaveLength(1);
  });

  it.each([
    [401, 'auth', 'Authentication failed (401 Unauthorized: Bad Token).'],
    [403, 'auth', 'Access denied (403 Forbidden: Bad Token).'],
    [402, 'plan-limit', "Your plan's limit is reached (402 Payment Required: Bad Token)."],
    [404, 'not-found', 'Not found (404 Not Found: Bad Token) for GET /v1/x.'],
    [400, 'api', 'The server refused GET /v1/x (400 Bad Request: Bad Token).'],
  ])('types a %i as %s with the server message', async (status, kind, message) => {
    const url = await serve((_req, res) => json(res, status, { statusCode: status, error: 'E', message: 'Bad Token' }));
    const error = (await client(url)
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(seen).toHaveLength(1);
  });

  it('times out within --timeout when the server never answers', async () => {
    const url = await serve(() => {});
    const started = Date.now();
    const error = (await client(url, { timeoutMs: 300 })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    // Not before the deadline (a loaded machine only makes it later); the message names the deadline it used.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('timed out after 0.3 s');
  });

  it('turns an abort (Ctrl-C) into a cancellation', async () => {
    const controller = new Cancellation();
    // Ctrl-C while the request waits for its answer: pressed once the server has it, never answered.
    const url = await serve(() => controller.abort());
    const error = await client(url, { cancel: controller })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
  });

  it('refuses an answer larger than its bound as it streams, or as its Content-Length says, without retrying', async () => {
    const streamed = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`"${'x'.repeat(1000)}"`);
    });
    const error = (await client(streamed, { maxBodyBytes: 100 })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect([error.kind, seen.length]).toEqual(['response', 1]);
    expect(error.message).toBe(
      'The answer to GET /v1/x is larger than 100 bytes; mon does not read answers that large.',
    );
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const declared = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.end(`"${'x'.repeat(998)}"`);
    });
    const said = (await client(declared, { maxBodyBytes: 100 })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(said.message).toContain('is larger than 100 bytes (Content-Length: 1000)');
  });

  it('reads an answer of exactly its bound, with or without a Content-Length', async () => {
    const url = await serve((req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(req.url === '/v1/sized' ? { 'content-length': '6' } : {}),
      });
      res.end('"abcd"');
    });
    for (const path of ['/v1/sized', '/v1/streamed']) {
      expect((await client(url, { maxBodyBytes: 6 }).request({ method: 'GET', path })).body).toBe('abcd');
    }
  });

  it('lets go of Ctrl-C and the deadline after each request: many requests leave no listener or timer behind', async () => {
    const url = await serve((_req, res) => json(res, 200, {}));
    const controller = new Cancellation();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const api = client(url, { cancel: controller });
      for (let i = 0; i < 12; i++) await api.request({ method: 'GET', path: '/v1/x' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).toEqual([]);
  });

  it('tries a GET whose answer is cut off again, then says how much of it came', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":', () => res.socket?.destroy());
    });
    const error = (await client(url)
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(
      /^The answer \(200 OK\) was cut off after 5 of 100 bytes: .* \(GET \/v1\/x( through the proxy .*)? after 4 attempts\)\.$/,
    );
    expect(seen).toHaveLength(4);
  });

  it('sends nothing when Ctrl-C came before the request', async () => {
    const url = await serve((_req, res) => json(res, 200, {}));
    const controller = new Cancellation();
    controller.abort();
    const error = await client(url, { cancel: controller })
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(seen).toEqual([]);
  });

  it.each([
    [
      'an HTML page from a proxy',
      'text/html',
      '<html><body>502 Bad Gateway</body></html>',
      /not JSON \(text\/html, looks like an HTML page\)/,
    ],
    ['invalid JSON', 'application/json', '{"entries": [', /not JSON \(application\/json\)/],
  ])('reports %s on a 200 as a clear response error', async (_name, type, body, message) => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    });
    const error = (await client(url)
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('response');
    expect(error.message).toMatch(message);
    expect(error.message).toContain('200');
  });

  it('logs secret values as [redacted] with --debug, in the request and in the response', async () => {
    const variables = [{ key: 'TOKEN', value: 'hunter2-hunter2', secret: true }];
    const url = await serve((_req, res) => json(res, 201, { id: 'c1', environmentVariables: variables }));
    const lines: string[] = [];
    await client(url, { debug: (line) => lines.push(line) }).request({
      method: 'POST',
      path: '/v1/checks/dns',
      body: { environmentVariables: variables },
    });
    const log = lines.join('\n');
    expect(log).not.toContain('hunter2');
    expect(log.match(/"value":"\[redacted\]"/g)).toHaveLength(2);
    expect(seen[0]!.body).toContain('hunter2-hunter2'); // the server gets it
  });

  it('says to check before retrying when a POST fails with a 5xx (a gateway may have passed it on), and never resends it', async () => {
    const url = await serve((_req, res) => json(res, 502, { message: 'bad gateway' }));
    const hint =
      'Check with `mon incidents list` whether the incident was opened before retrying, so it is not opened twice.';
    const error = (await client(url)
      .request({ method: 'POST', path: '/v1/status-pages/incidents', body: {}, uncertainHint: hint })
      .catch((e: unknown) => e)) as ApiError;
    expect(seen).toHaveLength(1);
    expect(error.message).toBe('The server failed (502 Bad Gateway: bad gateway) on POST /v1/status-pages/incidents.');
    expect(error.hint).toBe(hint);
    // A GET keeps the usual advice.
    const get = (await client(url)
      .request({ method: 'GET', path: '/v1/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(get.hint).toContain('try again in a moment');
  });

  it('names an empty body, and a body of the wrong shape, with the status; a 2xx to a POST says to check before retrying', async () => {
    const schema = z.object({ id: z.string() });
    const label = {
      method: 'POST',
      path: '/v1/status-pages/incidents',
      uncertainHint: 'Check with `mon incidents list` first.',
    };
    const empty = (() => {
      try {
        return parseResponse(schema, { status: 201, headers: {}, body: undefined, text: '' }, label);
      } catch (error) {
        return error as ApiError;
      }
    })() as ApiError;
    expect(empty.kind).toBe('response');
    expect(empty.message).toBe(
      'The server answered 201 Created to POST /v1/status-pages/incidents with an empty body.',
    );
    expect(empty.hint).toBe(
      'Check with `mon incidents list` first. Check the base URL (`mon auth status`); --debug shows the whole response.',
    );
    expect(() =>
      parseResponse(
        schema,
        { status: 200, headers: {}, body: { id: 7 }, text: '{"id":7}' },
        { method: 'GET', path: '/v1/x' },
      ),
    ).toThrow(
      'The server answered 200 OK to GET /v1/x with a body that is not what the API describes (id: Invalid input: expected string, received number).',
    );
  });

  it('logs requests and responses with --debug, the key redacted', async () => {
    const url = await serve((_req, res) => json(res, 200, { ok: 1 }));
    const lines: string[] = [];
    await client(url, { debug: (line) => lines.push(line) }).request({ method: 'GET', path: '/v1/x' });
    const log = lines.join('\n');
    expect(log).toContain(`> GET ${url}/v1/x`);
    expect(log).toContain('> authorization: Bearer [redacted]');
    expect(log).toContain('< 200');
    expect(log).toContain('< {"ok":1}');
    expect(log).not.toContain('abcdefghijklmnop');
  });
});

describe('the client under mon', () => {
  it('retries a GET after a 503 and succeeds', async () => {
    const flaky = await memorySandbox({ faults: '503x1' });
    try {
      const result = await mon('runtimes list --debug', { sandbox: flaky });
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(7);
      expect(result.stderr).toContain('< 503 Service Unavailable');
      expect(result.stderr).toContain('(attempt 2)');
      expect(flaky.requests.filter((request) => request.path === '/v1/runtimes')).toHaveLength(2);
      // --debug redacts the key.
      expect(result.stderr).toContain('authorization: Bearer [redacted]');
      expect(result.stderr).not.toContain(TEST_KEY);
    } finally {
      await flaky.close();
    }
  });

  it('gives up on a GET that keeps failing, naming the status and the attempts (exit 1)', async () => {
    const down = await memorySandbox({ faults: '503:1' });
    try {
      const result = await mon('runtimes list', { sandbox: down });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'The server failed (503 Service Unavailable: Injected fault (--faults): Service Unavailable) after 4 attempts',
      );
    } finally {
      await down.close();
    }
  });

  it('reports a connection refused as exit 1 with what to check', async () => {
    const sandbox = await memorySandbox();
    const closed = await closedPort();
    const result = await mon('runtimes list', { env: testEnv({ sandbox, env: { MON_BASE_URL: closed.url } }) });
    await closed.release();
    await sandbox.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not reach ${closed.url}`);
    expect(result.stderr).toContain('the connection was refused');
    expect(result.stderr).not.toContain('ECONNREFUSED');
  });
});

const API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
/** An incident made on the sandbox directly (set-up, left out of its request log): its ID. */
async function existingIncident(sandbox: Sandbox, name: string): Promise<string> {
  const { body } = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
    name,
    severity: 'MINOR',
    services: [{ id: API, name: 'Public API', accountId: TEST_ACCOUNT }],
    incidentUpdates: [{ description: 'm' }],
  });
  return (body as { id: string }).id;
}

// Each against a sandbox of its own, so they run at once: most of their time is spent waiting.
describe.concurrent('the client under mon, against the faults of a sandbox', () => {
  it('gives up on a server that never answers at --timeout, saying it timed out (exit 1)', async ({ expect }) => {
    const silent = await memorySandbox({ faults: 'hang:1' });
    try {
      const started = Date.now();
      const result = await mon('runtimes list --timeout 1', { sandbox: silent });
      // At least the second it was given (a loaded machine only makes it later); the message
      // names the deadline it used, not the default 30 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The request timed out after 1 s (GET /v1/runtimes)');
      expect(result.stderr).toContain('--timeout');
    } finally {
      await silent.close();
    }
  });

  it('maps a lasting 429 to exit 7 after retries', async ({ expect }) => {
    const limited = await memorySandbox({ faults: '429:1' });
    try {
      const result = await mon('runtimes list --timeout 10', { sandbox: limited });
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/Rate limited \(429 Too Many Requests: .*\) after 4 attempts/);
      expect(limited.requests.length).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it('retries a GET and a PUT after a connection reset, then succeeds (and the PUT lands once)', async ({ expect }) => {
    const flaky = await memorySandbox({ faults: 'resetx1@GET,resetx1@PUT' });
    try {
      const result = await mon('runtimes list --debug', { sandbox: flaky });
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(7);
      expect(result.stderr).toMatch(/< failed after \d+ ms: .*(socket|ECONNRESET|closed)/i);
      expect(result.stderr).toContain('(attempt 2)');
      expect(flaky.requests.map((request) => request.path)).toEqual(['/v1/runtimes', '/v1/runtimes']);

      const id = await existingIncident(flaky, 'Reset');
      flaky.requests.length = 0;
      const changed = await mon(`incidents update ${id} --severity critical`, { sandbox: flaky });
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stderr).toContain('severity MINOR → CRITICAL');
      expect(flaky.requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
      const stored = (await sandboxCall(flaky, 'GET', `/v1/status-pages/incidents/${id}`)).body as {
        severity: string;
        incidentUpdates: unknown[];
      };
      expect([stored.severity, stored.incidentUpdates.length]).toEqual(['CRITICAL', 1]);
    } finally {
      await flaky.close();
    }
  });

  it('waits the Retry-After of a 429, then succeeds; a POST answered 429 is sent again and lands once', async ({
    expect,
  }) => {
    const limited = await memorySandbox({ faults: '429x1@GET,429x1@POST' });
    try {
      const list = await mon('runtimes list --debug', { sandbox: limited });
      expect(list.code).toBe(0);
      expect(list.stderr).toContain('< 429 Too Many Requests');
      expect(list.stderr).toContain('< retry-after: 1');
      expect(list.stderr).toContain('waiting 1000 ms before retrying');
      expect(list.stdout.trim().split('\n')).toHaveLength(7);

      // A 429 means the server did not act on it, so even a POST is safe to send again.
      const created = await mon(
        `incidents create --name "Rate limited once" --severity minor --service ${API} --message m`,
        { sandbox: limited },
      );
      expect(created.code).toBe(0);
      const posts = limited.requests.filter((request) => request.method === 'POST');
      expect(posts).toHaveLength(2);
      const stored = (await sandboxCall(limited, 'GET', '/v1/status-pages/incidents')).body as {
        entries: { name: string }[];
      };
      expect(stored.entries.map((incident) => incident.name)).toEqual(['Rate limited once']);
    } finally {
      await limited.close();
    }
  });

  it('never sends a POST again after the connection was reset, and says to check before retrying', async ({
    expect,
  }) => {
    const resetting = await memorySandbox({ faults: 'resetx1@POST' });
    try {
      const result = await mon(`incidents create --name Reset --severity minor --service ${API} --message m`, {
        sandbox: resetting,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The connection failed after POST /v1/status-pages/incidents was sent');
      expect(result.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying',
      );
      expect(resetting.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      await resetting.close();
    }
  });
});

/**
 * A proxy in front of the sandbox that passes every request on, then replaces the answer to
 * the ones `tamper` picks (as a misbehaving gateway or a captive portal would): the sandbox
 * still did the work.
 */
async function tamperingProxy(
  target: string,
  tamper: (method: string, url: string) => { status: number; type?: string; body: string } | undefined,
) {
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const upstream = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const answer = await upstream.text();
      const replaced = tamper(req.method!, req.url!);
      if (replaced) {
        res.writeHead(replaced.status, replaced.type ? { 'content-type': replaced.type } : {});
        res.end(replaced.body);
      } else {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(answer);
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

describe('malformed responses', () => {
  const HTML_502 =
    '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
  const LOGIN_PAGE =
    '<!DOCTYPE html><html><body><form action="/login">Sign in to the corporate network</form></body></html>';

  it('end in a clear error naming the status (exit 1), never a stack trace, and say when a POST may have been done', async () => {
    const target = await memorySandbox();
    const existing = await existingIncident(target, 'Existing');
    const proxy = await tamperingProxy(target.url, (method, url) => {
      if (url === '/v1/runtimes')
        return { status: 200, type: 'application/json', body: '{"name": "2025.04", "stage": ' };
      if (url === '/v1/runtimes/2025.04') return { status: 200, type: 'application/json', body: '' };
      if (url === '/v1/status-pages?limit=3') return { status: 200, type: 'text/html', body: LOGIN_PAGE };
      if (url === `/v1/status-pages/incidents/${existing}` && method === 'GET')
        return { status: 200, type: 'application/json', body: '{"id": 42, "incidents": []}' };
      if (url === '/v1/status-pages/incidents' && method === 'POST')
        return { status: 201, type: 'text/html', body: LOGIN_PAGE };
      if (url.endsWith('/incident-updates') && method === 'POST')
        return { status: 502, type: 'text/html', body: HTML_502 };
      return undefined;
    });
    try {
      const env = () => testEnv({ sandbox: target, env: { MON_BASE_URL: proxy.url } });
      const [invalid, empty, html, schema, post, update] = await Promise.all([
        mon('runtimes list', { env: env() }),
        mon('runtimes get 2025.04', { env: env() }),
        mon('status-pages list --limit 3', { env: env() }),
        mon(`incidents get ${existing}`, { env: env() }),
        mon(`incidents create --name "Through a proxy" --severity minor --service ${API} --message m`, { env: env() }),
        mon(`incidents updates create ${existing} --message "Through a proxy"`, { env: env() }),
      ]);
      for (const result of [invalid, empty, html, schema, post, update]) {
        expect(result.code, result.stderr).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(/^error: /);
        expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(invalid.stderr).toContain(
        'The server answered 200 OK to GET /v1/runtimes with a body that is not JSON (application/json): {"name": "2025.04", "stage": ',
      );
      expect(empty.stderr).toContain('The server answered 200 OK to GET /v1/runtimes/2025.04 with an empty body.');
      expect(html.stderr).toContain(
        'The server answered 200 OK to GET /v1/status-pages with a body that is not JSON (text/html, looks like an HTML page)',
      );
      expect(html.stderr).toContain('A proxy or the wrong base URL can cause this');
      expect(schema.stderr).toContain(
        `The server answered 200 OK to GET /v1/status-pages/incidents/${existing} with a body that is not what the API describes (id: Invalid input: expected string, received number;`,
      );

      // The POSTs went through behind the proxy: the messages say to look before retrying.
      expect(post.stderr).toContain(
        'The server answered 201 Created to POST /v1/status-pages/incidents with a body that is not JSON',
      );
      expect(post.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying, so it is not opened twice.',
      );
      expect(update.stderr).toContain(
        `The server failed (502 Bad Gateway) on POST /v1/status-pages/incidents/${existing}/incident-updates.`,
      );
      expect(update.stderr).toContain(
        `Check with \`mon incidents get ${existing}\` whether the update was posted before retrying`,
      );
      const posts = target.requests.filter((request) => request.method === 'POST');
      expect(posts).toHaveLength(2); // one each (the set-up's is not logged): never resent
      const incidents = (await sandboxCall(target, 'GET', '/v1/status-pages/incidents')).body as {
        entries: { name: string; incidentUpdates: unknown[] }[];
      };
      expect(incidents.entries.map((incident) => [incident.name, incident.incidentUpdates.length])).toEqual([
        ['Through a proxy', 1],
        ['Existing', 2],
      ]);
    } finally {
      await proxy.close();
      await target.close();
    }
  });
});

describe('the key, under mon', () => {
  it('refuses to send the key over plain http to a non-loopback host unless --insecure', async () => {
    const sandbox = await memorySandbox();
    try {
      const result = await mon('runtimes list', {
        env: testEnv({ sandbox, env: { MON_BASE_URL: 'http://api.example.com' } }),
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Refusing to send the API key over plain http:// to api.example.com');
      expect(result.stderr).toContain('--insecure');
      expect(sandbox.requests).toEqual([]);
    } finally {
      await sandbox.close();
    }
    // With --insecure it goes ahead (and finds nothing listening there).
    const closed = await closedPort();
    const insecure = await mon('--insecure --timeout 1 runtimes list', {
      env: testEnv({ env: { MON_BASE_URL: `http://0.0.0.0:${closed.port}`, MON_API_KEY: TEST_KEY } }),
    });
    await closed.release();
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain(`Could not reach http://0.0.0.0:${closed.port}`);
  });

  it('never prints the key: not in errors, --debug logs or auth status', async () => {
    const sandbox = await memorySandbox();
    try {
      const outputs = await Promise.all(
        [
          'runtimes list --debug',
          'auth status',
          'auth status --json',
          'runtimes get nope --debug',
          'api /v1/runtimes -i --debug',
        ].map((line) => mon(line, { sandbox })),
      );
      for (const output of outputs) expect(output.stdout + output.stderr).not.toContain(TEST_KEY);
      expect(outputs[0]!.stderr).toContain('Bearer [redacted]');
    } finally {
      await sandbox.close();
    }
  });
});

describe("an answer's body and its three ends (its end, an error, a close before its end)", () => {
  /** A client whose one transport answers 200 with `body`, as the transport gives it. */
  function answering(body: Readable, headers: Record<string, string> = {}) {
    const transport: Transport = {
      request: async () => ({ status: 200, headers: { 'content-type': 'application/json', ...headers }, body }),
      close: async () => {},
    };
    return new ApiClient({
      baseUrl: 'https://api.example.com',
      apiKey: 'sk_live_abcdefghijklmnop',
      accountId: 'acct-1',
      timeoutMs: WAIT_MS,
      backoffMs: { base: 1, cap: 1 },
      env: {},
      pool: new Map([['direct', Promise.resolve(transport)]]),
    });
  }
  const failure = (body: Readable, headers?: Record<string, string>): Promise<ApiError> =>
    answering(body, headers)
      .request({ method: 'POST', path: '/v1/x', body: {} })
      .then(
        () => {
          throw new Error('the request worked');
        },
        (error: unknown) => error as ApiError,
      );

  it('its end: the whole body, read', async () => {
    const body = new Readable({ read() {} });
    const answer = answering(body).request({ method: 'GET', path: '/v1/x' });
    body.push('{"a":');
    body.push('1}');
    body.push(null);
    expect(await answer).toMatchObject({ status: 200, body: { a: 1 }, text: `{"a":1}` });
  });

  it('a close before its end, without an error: cut off, with what came', async () => {
    const body = new Readable({ read() {} });
    const error = failure(body, { 'content-length': '100' });
    body.push('{"a":');
    await new Promise((resolve) => setImmediate(resolve));
    body.destroy();
    expect((await error).message).toBe(
      'POST /v1/x reached the server, but the answer (200 OK) was cut off after 5 of 100 bytes: Premature close.',
    );
  });

  it('an error: cut off, in its words', async () => {
    const body = new Readable({ read() {} });
    const error = failure(body);
    body.push('{"a":');
    await new Promise((resolve) => setImmediate(resolve));
    body.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }));
    expect((await error).message).toBe(
      'POST /v1/x reached the server, but the answer (200 OK) was cut off after 5 bytes: the connection was reset.',
    );
  });
});
