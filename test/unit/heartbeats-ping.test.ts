/**
 * `mon heartbeats ping` against a ping host of our own: what is sent (no API key), retries
 * and the short deadline, and the token never appearing in what mon prints.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, closedPort, testEnv, TEST_KEY, type ClosedPort } from '../helpers';

/** Where nothing listens, for as long as this file runs (never a port assumed closed). */
let closed: ClosedPort;
beforeAll(async () => {
  closed = await closedPort();
});
afterAll(async () => {
  await closed.release();
});

const TOKEN = '5d3c1b2a-9e8f-4a7b-8c6d-0e1f2a3b4c5d';
const MASKED = '…4c5d';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

type Answer = { status: number; body?: string } | 'hang';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A ping host answering from `answers` in turn (the last one repeats). */
async function pingHost(...answers: Answer[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers });
    const answer = answers[Math.min(received.length, answers.length) - 1]!;
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`, received };
}

/** An environment with an API key and account configured, so that leaking them would show. */
function envFor(pingUrl: string | undefined, extra: NodeJS.ProcessEnv = {}) {
  return testEnv({
    env: {
      MON_BASE_URL: closed.url,
      MON_API_KEY: TEST_KEY,
      MON_ACCOUNT_ID: '11111111-2222-4333-8444-555555555555',
      ...(pingUrl ? { MON_PING_URL: pingUrl } : {}),
      ...extra,
    },
  });
}

describe('heartbeats ping', () => {
  it('POSTs to {ping URL}/TOKEN without the API key or account, silently, and accepts a plain-text answer', async () => {
    const host = await pingHost({ status: 200, body: 'OK' });
    const result = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(host.url) });
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
    const result = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(host.url), tty: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Ping sent to ${host.url}/${MASKED} (202 Accepted).`);
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('takes a whole ping URL in place of TOKEN (query kept), with no ping URL configured', async () => {
    const host = await pingHost({ status: 200 });
    const result = await cli(['heartbeats', 'ping', `${host.url}/${TOKEN}?rid=42`], { env: envFor(undefined) });
    expect(result.code).toBe(0);
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}?rid=42`]);
  });

  it('retries 5xx answers, then succeeds (refused connections: 3 attempts, in the next test)', async () => {
    const host = await pingHost({ status: 500 }, { status: 502 }, { status: 200 });
    const result = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(host.url) });
    expect(result.code).toBe(0);
    expect(host.received).toHaveLength(3);
  });

  it('gives up after 3 attempts, saying so with the token masked, also with --debug', async () => {
    const host = await pingHost({ status: 503, body: JSON.stringify({ message: `overloaded, try ${TOKEN} later` }) });
    const result = await cli(['heartbeats', 'ping', TOKEN, '--debug'], { env: envFor(host.url) });
    expect(result.code).toBe(1);
    expect(host.received).toHaveLength(3);
    expect(result.stderr).toContain(
      `error: The ping to ${host.url}/${MASKED} failed: the server failed (503 Service Unavailable: overloaded, try ${MASKED} later) after 3 attempts on POST /${MASKED}.`,
    );
    expect(result.stderr).toContain(`> POST ${host.url}/${MASKED} (attempt 3)`);
    expect(result.stderr).not.toContain(TOKEN);
    expect(result.stderr).not.toContain(TEST_KEY);

    const refused = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(`${closed.url}/ping`) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The ping to ${closed.url}/ping/${MASKED} failed: could not reach ${closed.url} after 3 attempts: the connection was refused`,
    );
    expect(refused.stderr).toContain('Check the ping URL');
  });

  it('does not hang: a ping host that never answers ends it at --timeout when that is shorter than 10 s', async () => {
    const host = await pingHost('hang');
    const started = Date.now();
    const result = await cli(['heartbeats', 'ping', TOKEN, '--timeout', '1'], { env: envFor(host.url) });
    // Without the 1 s it would take the 10 s cap: 10x the expected second is the bound.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The ping to ${host.url}/${MASKED} failed: the request timed out after 1 s`);
  });

  it('does not hang: 10 s at most even when --timeout allows more', async () => {
    const host = await pingHost('hang');
    const started = Date.now();
    const result = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(host.url, { MON_TIMEOUT: '60' }) });
    const elapsed = Date.now() - started;
    // The cap, not MON_TIMEOUT's 60 s: the message names the deadline that was used. No upper
    // bound tighter than 10x the 10 s (the test's own time limit is that).
    expect(elapsed).toBeGreaterThanOrEqual(9_500);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('timed out after 10 s');
  }, 100_000);

  it('exits 6 for a token the ping host does not know', async () => {
    const host = await pingHost({
      status: 404,
      body: '{"statusCode":404,"error":"Not Found","message":"No heartbeat monitor has this ping token"}',
    });
    const result = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(host.url) });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`error: The ping URL ${host.url}/${MASKED} is not known to the service (404).`);
    expect(host.received).toHaveLength(1);
  });

  it('exit 2 with nothing sent: no ping URL, a bad TOKEN, a secret over plain http to another host', async () => {
    const none = await cli(['heartbeats', 'ping', TOKEN], { env: envFor(undefined) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No ping URL is configured, so there is nowhere to send the ping.');
    expect(none.stderr).toContain('--ping-url URL, set MON_PING_URL, or store it with `mon config set ping-url URL`');

    const bad = await cli(['heartbeats', 'ping', 'a/b'], { env: envFor('https://ping.example.com') });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('TOKEN must not contain "/"');

    const noToken = await cli(['heartbeats', 'ping', 'https://ping.example.com/'], { env: envFor(undefined) });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('The ping URL does not end with a token.');

    const plain = await cli(['heartbeats', 'ping', TOKEN, '--ping-url', 'http://ping.example.com'], {
      env: envFor(undefined),
    });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('Refusing to send the ping token over plain http:// to ping.example.com');
    for (const result of [none, bad, noToken, plain]) expect(result.stderr).not.toContain(TOKEN);
  });

  it('--dry-run prints the request with the token masked and sends nothing', async () => {
    const host = await pingHost({ status: 200 });
    const result = await cli(['heartbeats', 'ping', TOKEN, '--dry-run'], { env: envFor(host.url) });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`POST ${host.url}/${MASKED}\n`);
    expect(result.stderr).toContain('Dry run: nothing was sent');
    const json = await cli(['heartbeats', 'ping', TOKEN, '--dry-run', '--json'], { env: envFor(host.url) });
    expect(JSON.parse(json.stdout)).toEqual({ method: 'POST', url: `${host.url}/${MASKED}`, body: null });
    expect(host.received).toEqual([]);
  });

  it('asks for a missing TOKEN (hidden) on a terminal, and requires it otherwise', async () => {
    const host = await pingHost({ status: 200 });
    const asked = await cli(['heartbeats', 'ping'], {
      env: envFor(host.url),
      tty: true,
      answers: [{ message: 'Ping token', answer: TOKEN }],
    });
    expect(asked.code).toBe(0);
    expect(asked.prompter.asked).toEqual([{ kind: 'password', message: 'Ping token (or the whole ping URL):' }]);
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}`]);

    const missing = await cli(['heartbeats', 'ping'], { env: envFor(host.url) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('TOKEN is required');
  });
});

describe('heartbeats exec (in-process, quiet commands)', () => {
  const withPath = (pingUrl: string | undefined) => envFor(pingUrl, { PATH: process.env.PATH });

  it('pings only after the command exits 0, and reports a failed ping without changing the exit code unless --strict', async () => {
    const host = await pingHost({ status: 200 });
    expect((await cli(['heartbeats', 'exec', TOKEN, '--', 'true'], { env: withPath(host.url) })).code).toBe(0);
    expect(host.received).toHaveLength(1);

    const failed = await cli(['heartbeats', 'exec', TOKEN, '--', 'sh', '-c', 'exit 3'], { env: withPath(host.url) });
    expect(failed.code).toBe(3);
    expect(failed.stderr).toBe('mon: sh -c "exit 3" exited with code 3; no ping was sent.\n');
    expect(host.received).toHaveLength(1);

    const down = await pingHost({ status: 503 });
    const warned = await cli(['heartbeats', 'exec', TOKEN, '--', 'true'], { env: withPath(down.url) });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(
      `warning: The command succeeded, but the ping to ${down.url}/${MASKED} failed: the server failed (503 Service Unavailable) after 3 attempts`,
    );
    const strict = await cli(['heartbeats', 'exec', TOKEN, '--strict', '--', 'true'], { env: withPath(down.url) });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: The command succeeded, but the ping to');
    expect(down.received).toHaveLength(6);
  });

  it('--strict exits 1 for every failed ping: a 404, a 401, a 429 as well as a 503', async () => {
    for (const status of [404, 401, 429]) {
      const host = await pingHost({ status, body: `{"statusCode":${status},"error":"x","message":"no"}` });
      const strict = await cli(['heartbeats', 'exec', TOKEN, '--strict', '--', 'true'], { env: withPath(host.url) });
      expect(strict.code, String(status)).toBe(1);
      expect(strict.stderr, String(status)).toContain('error: The command succeeded, but the ping');
      const lenient = await cli(['heartbeats', 'exec', TOKEN, '--', 'true'], { env: withPath(host.url) });
      expect(lenient.code, String(status)).toBe(0);
    }
  });

  it('runs nothing when the ping could not be sent anyway (exit 2), or with --dry-run', async () => {
    const marker = `${testEnv().HOME}/ran`;
    const none = await cli(['heartbeats', 'exec', TOKEN, '--', 'touch', marker], { env: withPath(undefined) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No ping URL is configured');
    const dry = await cli(['heartbeats', 'exec', TOKEN, '--dry-run', '--', 'touch', marker], {
      env: withPath('https://ping.example.com'),
    });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(`Would run: touch ${marker}\nthen, if it exits 0, the ping:\n`);
    expect(dry.stdout).toBe(`POST https://ping.example.com/${MASKED}\n`);
    expect(existsSync(marker)).toBe(false);
  });

  it('exits 127 for a command that does not exist, 126 for one that cannot run, without a ping', async () => {
    const host = await pingHost({ status: 200 });
    const missing = await cli(['heartbeats', 'exec', TOKEN, '--', 'no-such-command-here'], { env: withPath(host.url) });
    expect(missing.code).toBe(127);
    expect(missing.stderr).toContain('error: Cannot run "no-such-command-here": command not found; no ping was sent.');
    const script = `${testEnv().HOME}/job.sh`;
    writeFileSync(script, 'echo hi\n', { mode: 0o644 });
    const notExecutable = await cli(['heartbeats', 'exec', TOKEN, '--', script], { env: withPath(host.url) });
    expect(notExecutable.code).toBe(126);
    expect(notExecutable.stderr).toContain('permission denied');
    expect(host.received).toEqual([]);
  });
});
