/**
 * `mon heartbeats exec` in-process, with quiet commands, against a ping host of our own: the
 * ping only after the job exits 0, --strict, what is never run. Signals and the job's
 * environment: test/e2e/signals.test.ts.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, type ClosedPort, mon, testEnv } from '../../helpers';
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
const withPath = (pingUrl: string | undefined) => pingEnv(closed.url, pingUrl, { PATH: process.env.PATH });
describe('heartbeats exec (in-process, quiet commands)', () => {
  it('pings only after the command exits 0, and reports a failed ping without changing the exit code unless --strict', async () => {
    const host = await pingHost({ status: 200 });
    expect((await mon(`heartbeats exec ${TOKEN} -- true`, { env: withPath(host.url) })).code).toBe(0);
    expect(host.received).toHaveLength(1);

    const failed = await mon(`heartbeats exec ${TOKEN} -- sh -c "exit 3"`, { env: withPath(host.url) });
    expect(failed.code).toBe(3);
    expect(failed.stderr).toBe('mon: sh -c "exit 3" exited with code 3; no ping was sent.\n');
    expect(host.received).toHaveLength(1);

    const down = await pingHost({ status: 503 });
    const warned = await mon(`heartbeats exec ${TOKEN} -- true`, { env: withPath(down.url) });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(
      `warning: The command succeeded, but the ping to ${down.url}/${MASKED} failed: the server failed (503 Service Unavailable) after 3 attempts`,
    );
    const strict = await mon(`heartbeats exec ${TOKEN} --strict -- true`, { env: withPath(down.url) });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: The command succeeded, but the ping to');
    expect(down.received).toHaveLength(6);
  });

  it('--strict exits 1 for every failed ping: a 404, a 401, a 429 as well as a 503', async () => {
    for (const status of [404, 401, 429]) {
      const host = await pingHost({ status, body: `{"statusCode":${status},"error":"x","message":"no"}` });
      const strict = await mon(`heartbeats exec ${TOKEN} --strict -- true`, { env: withPath(host.url) });
      expect(strict.code, String(status)).toBe(1);
      expect(strict.stderr, String(status)).toContain('error: The command succeeded, but the ping');
      const lenient = await mon(`heartbeats exec ${TOKEN} -- true`, { env: withPath(host.url) });
      expect(lenient.code, String(status)).toBe(0);
    }
  });

  it('runs nothing when the ping could not be sent anyway (exit 2), or with --dry-run', async () => {
    const marker = `${testEnv().HOME}/ran`;
    const none = await mon(`heartbeats exec ${TOKEN} -- touch ${marker}`, { env: withPath(undefined) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No ping URL is configured');
    const dry = await mon(`heartbeats exec ${TOKEN} --dry-run -- touch ${marker}`, {
      env: withPath('https://ping.example.com'),
    });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(`Would run: touch ${marker}\nthen, if it exits 0:\n`);
    expect(dry.stdout).toBe(`POST https://ping.example.com/${MASKED}\n`);
    expect(existsSync(marker)).toBe(false);
  });

  it('exits 127 for a command that does not exist, 126 for one that cannot run, without a ping', async () => {
    const host = await pingHost({ status: 200 });
    const missing = await mon(`heartbeats exec ${TOKEN} -- no-such-command-here`, { env: withPath(host.url) });
    expect(missing.code).toBe(127);
    expect(missing.stderr).toContain('error: Cannot run "no-such-command-here": command not found; no ping was sent.');
    const script = `${testEnv().HOME}/job.sh`;
    writeFileSync(script, 'echo hi\n', { mode: 0o644 });
    const notExecutable = await mon(`heartbeats exec ${TOKEN} -- ${script}`, { env: withPath(host.url) });
    expect(notExecutable.code).toBe(126);
    expect(notExecutable.stderr).toContain('permission denied');
    expect(host.received).toEqual([]);
  });
});
