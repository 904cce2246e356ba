/*
 * Issue 45, items 6, 9 and 11: what an unauthenticated client, a web page of another site
 * (DNS rebinding) or a client with the key can make the sandbox do, over real connections.
 * (The same through `mon sandbox` on a terminal, and its flags: test/e2e/hostile-sandbox.test.ts.)
 */
import { connect, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFaults } from '../../src/sandbox/faults';
import { MAX_FAULT_DELAY_MS, REQUEST_LIMITS } from '../../src/sandbox/limits';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { mon, TEST_ACCOUNT, TEST_KEY } from '../helpers';

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

/** A sandbox in this process whose access log (what `mon sandbox` prints on a terminal) is kept in `lines`. */
async function sandbox(options: { host?: string } = {}) {
  const lines: string[] = [];
  const started = await startSandbox({
    apiKey: TEST_KEY,
    accountId: TEST_ACCOUNT,
    port: 0,
    host: options.host,
    log: (line) => lines.push(line),
  });
  running.push(started);
  return { sandbox: started, lines, port: Number(new URL(started.url).port) };
}

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** A socket to the sandbox, open once connected; `allowHalfOpen`: it stays open when the sandbox ends its side. */
function open(port: number, allowHalfOpen = false): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** The first answer read on `socket` (status, headers, the body its Content-Length says). */
function answerOn(socket: Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const headers = text.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      const body = text.slice(end + 4);
      if (Buffer.byteLength(body) < length) return false;
      resolve({ status: Number(headers.split(' ')[1]), headers, body });
      return true;
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      done();
    });
    socket.on('error', reject);
    socket.on('close', () => done() || reject(new Error(`closed without an answer: ${JSON.stringify(text)}`)));
  });
}

/** Raw bytes sent on a connection of their own (latin1: one character a byte), and the answer. */
async function raw(port: number, request: string): Promise<Answer> {
  const socket = await open(port);
  const answer = answerOn(socket);
  socket.write(Buffer.from(request, 'latin1'));
  try {
    return await answer;
  } finally {
    socket.destroy();
  }
}

const withKey = `Authorization: Bearer ${TEST_KEY}\r\n`;
const post = (port: number, path: string, body: string, headers = withKey) =>
  raw(
    port,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
const get = (port: number, path: string, host = `127.0.0.1:${port}`, headers = withKey) =>
  raw(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`);

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const message = (answer: Answer) => (JSON.parse(answer.body) as { message: string }).message;

describe('the access log (what `mon sandbox` prints on a terminal)', () => {
  it('escapes what a client sent: a ping token or a query value that decodes to an escape sequence', async () => {
    const { port, lines } = await sandbox();
    await get(port, '/ping/aaaaaaaaaaaa%1b%5b2J', `127.0.0.1:${port}`, '');
    await get(port, '/v1/runtimes?token=aaaaaaaaaaaa%1bc%07', `127.0.0.1:${port}`, '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/ping\/….*\\x1b\[2J → 404 /);
    expect(lines[1]).toMatch(/^GET \/v1\/runtimes\?token=….*\\x1bc\\x07 → 401 /);
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('a request without the key', () => {
  it('is answered 401 before its body is read: the answer comes while the body is still on its way', async () => {
    const { port, sandbox: served } = await sandbox();
    const socket = await open(port);
    const answer = answerOn(socket);
    // A 1,000,000-byte body announced, 1,000 bytes of it sent, the rest never.
    socket.write(
      `POST /v1/status-pages/incidents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n${'x'.repeat(1000)}`,
    );
    const got = await answer;
    socket.destroy();
    expect(got.status).toBe(401);
    expect(got.headers).toMatch(/connection: close/i);
    expect(JSON.parse(got.body)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing Authorization header: send Authorization: Bearer <API key>',
    });
    // Logged, without a body: none was read.
    expect(served.requests.at(-1)).toMatchObject({ method: 'POST', status: 401, body: undefined });
  });

  it('with a body 500,000 levels deep: 401, not a 500', async () => {
    const { port } = await sandbox();
    const answer = await post(port, '/v1/status-pages/incidents', nested(500_000), '');
    expect(answer.status).toBe(401);
  });

  it('to a route open to all (a ping, a status page): its body is not read either', async () => {
    const { port, sandbox: served } = await sandbox();
    const token = (served.banner().json.heartbeats as { pingToken: string }[])[0]!.pingToken;
    const socket = await open(port);
    const answer = answerOn(socket);
    socket.write(`POST /ping/${token} HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Length: 1000000\r\n\r\nx`);
    const got = await answer;
    socket.destroy();
    expect(got.status).toBe(200);
    expect(got.headers).toMatch(/connection: close/i);
  });
});

describe('a request with the key', () => {
  it(`has a body of at most ${REQUEST_LIMITS.bodyBytes} bytes: that many are read, one more is 413`, async () => {
    const { port } = await sandbox();
    const json = (bytes: number) => `"${'a'.repeat(bytes - 2)}"`;
    const atBound = await post(port, '/v1/status-pages/incidents', json(REQUEST_LIMITS.bodyBytes));
    // Read and parsed whole: the schema refuses a string where an incident belongs.
    expect(atBound.status).toBe(400);
    expect(message(atBound)).toContain('expected object');
    const past = await post(port, '/v1/status-pages/incidents', json(REQUEST_LIMITS.bodyBytes + 1));
    expect(past.status).toBe(413);
    expect(JSON.parse(past.body)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The body is larger than 1 MiB',
    });
  });

  it(`has a body nested at most ${REQUEST_LIMITS.depth} levels deep: one more is 400 in the API's error shape`, async () => {
    const { port } = await sandbox();
    const atBound = await post(port, '/v1/status-pages/incidents', nested(REQUEST_LIMITS.depth));
    expect(atBound.status).toBe(400);
    expect(message(atBound)).toContain('expected object');
    for (const depth of [REQUEST_LIMITS.depth + 1, 500_000]) {
      const past = await post(port, '/v1/status-pages/incidents', nested(depth));
      expect(past.status).toBe(400);
      expect(JSON.parse(past.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The body is nested deeper than 64 levels (objects and arrays)',
      });
    }
    // Brackets inside strings are text, not depth.
    const quoted = await post(port, '/v1/status-pages/incidents', JSON.stringify({ name: nested(1000) }));
    expect(message(quoted)).not.toContain('nested deeper');
  });

  it('never gets a 500 for what it sends: every route, hostile bodies and queries', async () => {
    const { port, sandbox: served } = await sandbox();
    const created = await post(
      port,
      '/v1/status-pages/incidents',
      JSON.stringify({
        name: 'Fuzz',
        severity: 'MINOR',
        services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: TEST_ACCOUNT }],
        incidentUpdates: [{ description: 'd', status: 'INVESTIGATING', notifySubscribers: false }],
      }),
    );
    expect(created.status).toBe(201);
    const incident = JSON.parse(created.body) as { id: string; incidentUpdates: { id: string }[] };
    const heartbeat = (served.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;
    const dns = await post(
      port,
      '/v1/checks/dns',
      JSON.stringify({
        name: 'Fuzz',
        tags: [],
        request: { query: 'example.com', recordType: 'A' },
        heartbeat: {},
        script: '',
      }),
    );
    expect(dns.status).toBe(201);
    const check = (JSON.parse(dns.body) as { id: string }).id;
    const writes = [
      'POST /v1/status-pages/incidents',
      `PUT /v1/status-pages/incidents/${incident.id}`,
      `POST /v1/status-pages/incidents/${incident.id}/incident-updates`,
      `PUT /v1/status-pages/incidents/${incident.id}/incident-updates/${incident.incidentUpdates[0]!.id}`,
      'POST /v1/checks/dns',
      'POST /v1/checks',
      'POST /v1/checks/heartbeat',
      `PUT /v1/checks/heartbeat/${heartbeat}`,
      `POST /__sandbox/checks/${heartbeat}/status`,
      'POST /__sandbox/clock',
      `PUT /v1/checks/${check}`,
      `PUT /v1/checks/dns/${check}`,
      'POST /v1/check-sessions/trigger',
      'POST /v1/maintenance-windows',
      'PUT /v1/maintenance-windows/00000000-0000-4000-8000-000000000000',
    ];
    const bodies = [
      'null',
      'true',
      '1e999',
      '"text"',
      '[]',
      '{}',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"name":{"toString":1},"severity":[],"services":{},"incidentUpdates":"x"}',
      '{"services":[null,1,"x",{"id":{}}],"incidentUpdates":[null,{"status":{}}]}',
      '{"heartbeat":{"period":1e999,"periodUnit":"hours","grace":-1,"graceUnit":{}}}',
      '{"advanceSeconds":"1e999"}',
      '{"status":{"valueOf":1}}',
      '{"statusPageVisibility":null,"startsAt":1,"endsAt":{},"repeatEndsAt":[],"timezone":"Mars/Olympus"}',
      '{"name":"w","startsAt":"2026-01-01","endsAt":"2025-01-01","repeatUnit":"DAY","repeatEndsAt":"1999-01-01"}',
      '{"target":null,"checkId":{},"runLocation":[]}',
      '"\\ud800"',
      JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
      nested(REQUEST_LIMITS.depth),
      nested(100_000),
      `{"a":${'{"a":'.repeat(REQUEST_LIMITS.depth - 2)}1${'}'.repeat(REQUEST_LIMITS.depth - 1)}`,
      '{"name":',
    ];
    const reads = [
      '/v1/status-pages/incidents?limit=-1&nextId=%00',
      '/v1/status-pages/incidents?limit=1e999',
      `/v1/checks/heartbeats/${heartbeat}/events?startTime=%2B275760-09-13T00:00:00Z&endTime=x&limit=NaN`,
      `/v1/checks/heartbeats/${heartbeat}/availability?startTime=9999-12-31T23:59:59-05:00`,
      '/v1/checks?page=-1&limit=0&checkType=%ff&tag=',
      '/v1/checks/%E0%A4%A',
      '/v1/check-statuses/..%2f..',
      '/__sandbox/requests?limit=1e999',
      '/v1/status-pages?limit=100000000000000000000',
      `/v1/check-results/${check}?limit=-1&page=1e999&from=%2B275760-09-13T00:00:00Z&to=x`,
      '/v1/check-sessions/%00/completion?maxWaitSeconds=1e999',
      '/v1/maintenance-windows?page=-1&limit=1e999&from=9999-12-31T23:59:59-05:00',
      // Request targets no URL parser takes as they are.
      '//a:99999999/v1/runtimes',
      'http://[::1/',
      '//[x]/',
      '*',
    ];
    const statuses: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(' ') as [string, string];
      for (const body of bodies) {
        const answer = await raw(
          port,
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${withKey}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
        statuses.push(`${answer.status} ${route} ${body.slice(0, 40)}`);
      }
    }
    for (const path of reads) statuses.push(`${(await get(port, path)).status} GET ${path}`);
    expect(statuses.filter((line) => line.startsWith('5'))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('connections', () => {
  it(`serves ${REQUEST_LIMITS.connections} at once; one more is answered 503 and closed, and served again once one closes`, async () => {
    const { port } = await sandbox();
    const idle = await Promise.all(Array.from({ length: REQUEST_LIMITS.connections - 1 }, () => open(port)));
    try {
      // The last one within the bound is served.
      const last = await open(port);
      const served = answerOn(last);
      last.write(`GET /status/ HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      expect((await served).status).toBe(200);
      // One past it.
      const past = await get(port, '/status/');
      expect(past.status).toBe(503);
      expect(past.headers).toMatch(/retry-after: 1/i);
      expect(JSON.parse(past.body)).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: `The sandbox has ${REQUEST_LIMITS.connections} connections open, the most it serves at once: try again when one closes.`,
      });
      // One closes: the next is served.
      const closed = new Promise((resolve) => last.once('close', resolve));
      last.destroy();
      await closed;
      let again: Answer;
      do again = await get(port, '/status/');
      while (again.status === 503);
      expect(again.status).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });

  it('a refused connection its client keeps open does not keep the sandbox from stopping', async () => {
    const { port, sandbox: served } = await sandbox();
    const idle = await Promise.all(Array.from({ length: REQUEST_LIMITS.connections }, () => open(port)));
    const kept = await open(port, true);
    const refusedAnswer = answerOn(kept);
    kept.write(`GET /status/ HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    expect((await refusedAnswer).status).toBe(503);
    // `kept` is never ended by its client; the sandbox stops all the same.
    running.splice(running.indexOf(served), 1);
    await served.close();
    for (const socket of [...idle, kept]) socket.destroy();
  });
});

describe('the Host a request is addressed to (DNS rebinding)', () => {
  it('a name that is not this machine is answered 421: no page, no ping, no API call', async () => {
    const { port, sandbox: served } = await sandbox();
    const monitor = (served.banner().json.heartbeats as { checkId: string; pingToken: string }[])[0]!;
    const events = async () => JSON.parse((await get(port, `/v1/checks/heartbeats/${monitor.checkId}/events`)).body);
    const before = await events();
    for (const host of ['evil.example', `evil.example:${port}`, 'status.example.com@evil.example', '192.0.2.1']) {
      for (const path of ['/status/', `/ping/${monitor.pingToken}`, '/v1/runtimes']) {
        const answer = await get(port, path, host);
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 421, error: 'Misdirected Request' });
      }
    }
    // A whole URL as the request target names its host instead of the Host header.
    expect((await get(port, `http://evil.example/ping/${monitor.pingToken}`)).status).toBe(421);
    expect((await get(port, `http://localhost:${port}/status/`, 'evil.example')).status).toBe(200);
    expect(await events()).toEqual(before);
  });

  it('loopback names and addresses, and the --host it was started with, are served', async () => {
    const { port } = await sandbox({ host: '127.0.0.1' });
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'LOCALHOST.',
      'mon.localhost',
      '127.0.0.1',
      '127.1.2.3:9',
      '[::1]:80',
    ]) {
      expect((await get(port, '/status/', host)).status, host).toBe(200);
    }
  });

  it('listening on every interface: the addresses and the name of this machine are served, another name is not', async (context) => {
    const { port, sandbox: served } = await sandbox({ host: '0.0.0.0' });
    if (!served.reachableAt.length) return context.skip('this machine has no address beyond loopback');
    for (const url of served.reachableAt)
      expect((await get(port, '/status/', new URL(url).host)).status, url).toBe(200);
    expect((await get(port, '/status/', hostname())).status).toBe(200);
    expect((await get(port, '/status/', 'evil.example')).status).toBe(421);
  });
});

describe('--faults delay', () => {
  it(`waits up to ${MAX_FAULT_DELAY_MS} ms (Node's longest timer); one more is refused, naming --faults and the bound`, async () => {
    expect(parseFaults(`delay:${MAX_FAULT_DELAY_MS}`).delayMs).toBe(MAX_FAULT_DELAY_MS);
    for (const delay of [`${MAX_FAULT_DELAY_MS + 1}`, '99999999999999999999999']) {
      const result = await mon(['sandbox', '--port', '0', '--faults', `delay:${delay}`]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `error: --faults is not a fault list (Invalid fault "delay:${delay}": a delay is at most 2147483647 ms (24.8 days), the longest wait Node.js keeps; see \`mon sandbox --help\`).`,
      );
    }
  });
});
