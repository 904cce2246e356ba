/**
 * `mon heartbeats ping` against a ping host of our own: what is sent (no API key), retries
 * and the short deadline, and the token never appearing in what mon prints.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { closedPort, type ClosedPort, memorySandbox, mon, TEST_KEY, refusesBadInput, tsvRows } from '../../helpers';
import { closePingHosts, MASKED, pingEnv, pingHost, TOKEN } from './fixture';

/** Where nothing listens, for as long as this file runs (never a port assumed closed). */
let closed: ClosedPort;
beforeAll(async () => {
  closed = await closedPort();
});
afterAll(async () => {
  await closed.release();
});

afterEach(closePingHosts);
const envFor = (pingUrl: string | undefined, extra: NodeJS.ProcessEnv = {}) => pingEnv(closed.url, pingUrl, extra);

describe('heartbeats ping', () => {
  it('POSTs to {ping URL}/TOKEN without the API key or account, silently, and accepts a plain-text answer', async () => {
    const host = await pingHost({ status: 200, body: 'OK' });
    const result = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(host.url) });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(host.received).toHaveLength(1);
    const [ping] = host.received;
    expect(ping).toMatchObject({ method: 'POST', url: `/ping/${TOKEN}` });
    expect(ping!.headers.authorization).toBeUndefined();
    expect(ping!.headers['x-service-account']).toBeUndefined();
    expect(ping!.headers['user-agent']).toMatch(/^mon\/\d/);
  });

  it('confirms on a terminal, with the token masked', async () => {
    const host = await pingHost({ status: 202 });
    const result = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(host.url), tty: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Ping sent to ${host.url}/${MASKED} (202 Accepted).`);
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('takes a whole ping URL in place of TOKEN (query kept), with no ping URL configured', async () => {
    const host = await pingHost({ status: 200 });
    const result = await mon(`heartbeats ping "${host.url}/${TOKEN}?rid=42"`, { env: envFor(undefined) });
    expect(result.code).toBe(0);
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}?rid=42`]);
  });

  it('retries 5xx answers, then succeeds (refused connections: 3 attempts, in the next test)', async () => {
    const host = await pingHost({ status: 500 }, { status: 502 }, { status: 200 });
    const result = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(host.url) });
    expect(result.code).toBe(0);
    expect(host.received).toHaveLength(3);
  });

  it('gives up after 3 attempts, saying so with the token masked, also with --debug', async () => {
    const host = await pingHost({ status: 503, body: JSON.stringify({ message: `overloaded, try ${TOKEN} later` }) });
    const result = await mon(`heartbeats ping ${TOKEN} --debug`, { env: envFor(host.url) });
    expect(result.code).toBe(1);
    expect(host.received).toHaveLength(3);
    expect(result.stderr).toContain(
      `error: The ping to ${host.url}/${MASKED} failed: the server failed (503 Service Unavailable: overloaded, try ${MASKED} later) after 3 attempts on POST /${MASKED}.`,
    );
    expect(result.stderr).toContain(`> POST ${host.url}/${MASKED} (attempt 3)`);
    expect(result.stderr).not.toContain(TOKEN);
    expect(result.stderr).not.toContain(TEST_KEY);

    const refused = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(`${closed.url}/ping`) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The ping to ${closed.url}/ping/${MASKED} failed: could not reach ${closed.url} after 3 attempts: the connection was refused`,
    );
    expect(refused.stderr).toContain('Check the ping URL');
  });

  it('does not hang: a ping host that never answers ends it at --timeout when that is shorter than 10 s', async () => {
    const host = await pingHost('hang');
    const result = await mon(`heartbeats ping ${TOKEN} --timeout 1`, { env: envFor(host.url) });
    // The message names the deadline it used: the 1 s, not the 10 s cap.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The ping to ${host.url}/${MASKED} failed: the request timed out after 1 s`);
  });

  it('does not hang: 10 s at most even when --timeout allows more', async () => {
    const host = await pingHost('hang');
    const started = Date.now();
    const result = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(host.url, { MON_TIMEOUT: '60' }) });
    const elapsed = Date.now() - started;
    // The cap, not MON_TIMEOUT's 60 s: the message names the deadline that was used. No upper
    // bound tighter than 10x the 10 s (the test's own time limit is that).
    expect(elapsed).toBeGreaterThanOrEqual(9_500);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('timed out after 10 s');
  });

  it('exits 6 for a token the ping host does not know', async () => {
    const host = await pingHost({
      status: 404,
      body: '{"statusCode":404,"error":"Not Found","message":"No heartbeat monitor has this ping token"}',
    });
    const result = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(host.url) });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`error: The ping URL ${host.url}/${MASKED} is not known to the service (404).`);
    expect(host.received).toHaveLength(1);
  });

  it('exit 2 with nothing sent: no ping URL, a bad TOKEN, a secret over plain http to another host', async () => {
    const none = await mon(`heartbeats ping ${TOKEN}`, { env: envFor(undefined) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No ping URL is configured, so there is nowhere to send the ping.');
    expect(none.stderr).toContain('--ping-url URL, set MON_PING_URL, or store it with `mon config set ping-url URL`');

    const bad = await mon('heartbeats ping a/b', { env: envFor('https://ping.example.com') });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('TOKEN must not contain "/"');

    const noToken = await mon('heartbeats ping https://ping.example.com/', { env: envFor(undefined) });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('The ping URL does not end with a token.');

    const plain = await mon(`heartbeats ping ${TOKEN} --ping-url http://ping.example.com`, {
      env: envFor(undefined),
    });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('Refusing to send the ping token over plain http:// to ping.example.com');
    for (const result of [none, bad, noToken, plain]) expect(result.stderr).not.toContain(TOKEN);
  });

  it('--dry-run prints the request with the token masked and sends nothing', async () => {
    const host = await pingHost({ status: 200 });
    const result = await mon(`heartbeats ping ${TOKEN} --dry-run`, { env: envFor(host.url) });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`POST ${host.url}/${MASKED}\n`);
    expect(result.stderr).toContain('Dry run: nothing was sent');
    const json = await mon(`heartbeats ping ${TOKEN} --dry-run --json`, { env: envFor(host.url) });
    expect(JSON.parse(json.stdout)).toEqual({ method: 'POST', url: `${host.url}/${MASKED}`, body: null });
    expect(host.received).toEqual([]);
  });

  it('--dry-run --format md: a document of the request; --format table piped: its line; the note not with JSON', async () => {
    const host = await pingHost({ status: 200 });
    const md = await mon(`heartbeats ping ${TOKEN} --dry-run --format md`, { env: envFor(host.url) });
    expect(md.code).toBe(0);
    expect(md.stdout).toBe(`## Ping (dry run)\n\n- **Method:** POST\n- **URL:** ${host.url}/${MASKED}\n`);
    expect(md.stderr).toContain('Dry run: nothing was sent');
    const table = await mon(`heartbeats ping ${TOKEN} --dry-run --format table`, { env: envFor(host.url) });
    expect(table.stdout).toBe(`POST ${host.url}/${MASKED}\n`);
    const json = await mon(`heartbeats ping ${TOKEN} --dry-run --json`, { env: envFor(host.url) });
    expect(json.stderr).toBe('');
    expect(host.received).toEqual([]);
  });

  it('asks for a missing TOKEN (hidden) on a terminal, and requires it otherwise', async () => {
    const host = await pingHost({ status: 200 });
    const asked = await mon('heartbeats ping', {
      env: envFor(host.url),
      tty: true,
      answers: [{ message: 'Ping token', answer: TOKEN }],
    });
    expect(asked.code).toBe(0);
    expect(asked.prompter.asked).toEqual([{ kind: 'password', message: 'Ping token (or the whole ping URL):' }]);
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}`]);

    const missing = await mon('heartbeats ping', { env: envFor(host.url) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('TOKEN is required');
  });
});

describe('heartbeats ping, against the sandbox', () => {
  let sandbox: Sandbox;
  let nightly: { checkId: string; pingToken: string };
  beforeAll(async () => {
    sandbox = await memorySandbox();
    nightly = (sandbox.banner().json.heartbeats as { name: string; checkId: string; pingToken: string }[]).find(
      (monitor) => monitor.name === 'Nightly backup',
    )!;
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    sandbox.requests.length = 0;
  });
  const pingsReceived = (token: string) =>
    sandbox.requests.filter((request) => request.path === `/ping/…${token.slice(-4)}`).map((request) => request.method);

  it('a ping shows up as the newest event, with its source and user agent', async () => {
    const before = sandbox.clock.now();
    const ping = await mon(`heartbeats ping ${nightly.pingToken}`, { sandbox });
    const after = sandbox.clock.now();
    expect(ping).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(pingsReceived(nightly.pingToken)).toEqual(['POST']);

    const events = await mon(`heartbeats events ${nightly.checkId} --limit 2`, { sandbox });
    expect(events.code).toBe(0);
    const rows = tsvRows(events.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'RECEIVED',
      '127.0.0.1',
      expect.stringMatching(/^mon\/\d/),
    ]);
    // Received during the ping, by the sandbox's clock (to the second its timestamp is written in, at least).
    expect(Date.parse(rows[0]![0]!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(rows[0]![0]!)).toBeLessThanOrEqual(after);
    expect(rows[1]).toEqual([expect.any(String), expect.any(String), '10.0.2.8', 'Wget/1.21.4']);

    const json = JSON.parse((await mon(`heartbeats events ${nightly.checkId} --limit 1 --json`, { sandbox })).stdout);
    expect(json).toEqual([
      {
        events: [
          {
            id: expect.any(String),
            timestamp: rows[0]![0],
            state: 'RECEIVED',
            source: '127.0.0.1',
            userAgent: rows[0]![3],
          },
        ],
        stats: { last24Hours: expect.any(Object), last7Days: expect.any(Object) },
      },
    ]);
  });

  it('never shows the ping token: not with --debug, not in errors', async () => {
    const debug = await mon(`heartbeats ping ${nightly.pingToken} --debug`, { sandbox });
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain(`> POST ${sandbox.pingUrl}/…${nightly.pingToken.slice(-4)}`);
    expect(debug.stderr).not.toContain('authorization');
    const wrong = `${nightly.pingToken.slice(0, -4)}0000`;
    const unknown = await mon(`heartbeats ping ${wrong}`, { sandbox });
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toContain(`The ping URL ${sandbox.pingUrl}/…0000 is not known to the service (404).`);
    for (const result of [debug, unknown]) {
      expect(result.stdout + result.stderr).not.toContain(nightly.pingToken);
      expect(result.stdout + result.stderr).not.toContain(wrong);
    }
  });
});

refusesBadInput([
  { what: 'a token with "/"', line: 'heartbeats ping a/b', says: 'TOKEN must not contain "/"' },
  { what: 'no token (prompts off)', line: 'heartbeats ping', says: 'TOKEN is required' },
  {
    what: 'a --ping-url that is not http(s)',
    line: '--ping-url ftp://ping.example.com heartbeats ping 4e92b3e4-ad4b-407c-a866-6f8e7401c366',
    says: 'Invalid URL "ftp://ping.example.com" (from --ping-url)',
  },
  {
    what: 'plain http to another host',
    line: 'heartbeats ping http://ping.example.com/ping/abc',
    says: 'Refusing to send the ping token over plain http:// to ping.example.com',
  },
]);
