/**
 * `mon heartbeats exec` in-process, with quiet commands, against a ping host of our own: the
 * ping only after the job exits 0, --strict, what is never run; and its limits: --max-runtime
 * and --min-duration take durations (a bare number is refused with the forms), a pair that
 * could never ping is refused, --dry-run says what would run under which limits, and the codes
 * they end with come out in JSON errors too. Signals, the job's environment and the real
 * processes under the limits: test/e2e/signals.test.ts and test/e2e/heartbeats-exec-*.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import {
  cli,
  closedPort,
  type ClosedPort,
  httpServer,
  memorySandbox,
  mon,
  testEnv,
  type TestServer,
  refusesBadInput,
} from '../../helpers';
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
const withPath = (pingUrl: string | undefined, extra: NodeJS.ProcessEnv = {}) =>
  pingEnv(closed.url, pingUrl, { PATH: process.env.PATH, ...extra });
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
    expect(dry.stderr).toContain(`Would run: touch ${marker}\nthen, if it exits 0, the ping:\n`);
    expect(dry.stdout).toBe(`POST https://ping.example.com/${MASKED}\n`);
    expect(existsSync(marker)).toBe(false);
  });

  it('TOKEN is the word before --, never one after it: a missing TOKEN ($UNSET) is exit 2 naming it, and nothing runs', async () => {
    const host = await pingHost({ status: 200 });
    const marker = `${testEnv().HOME}/ran`;
    // `mon heartbeats exec $UNSET -- touch MARKER`, as a shell passes it when $UNSET is empty.
    for (const line of [
      ['heartbeats', 'exec', '--', 'touch', marker],
      ['heartbeats', 'exec', '--max-runtime', '1h', '--', 'touch', marker],
      ['heartbeats', 'exec', '--', 'touch', marker, 'and', 'more'],
    ]) {
      const result = await cli(line, { env: withPath(host.url) });
      expect(result.code, line.join(' ')).toBe(2);
      expect(result.stderr).toBe(
        'error: TOKEN is required: the ping token of a heartbeat monitor, or its whole ping URL.\n' +
          'Usage: mon heartbeats exec TOKEN -- COMMAND, or MON_PING_TOKEN=TOKEN / --token-file FILE (see --help).\n',
      );
    }
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);

    // Given before --, it is the token; with MON_PING_TOKEN, every word after -- is the command.
    expect((await cli(['heartbeats', 'exec', TOKEN, '--', 'touch', marker], { env: withPath(host.url) })).code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const second = `${marker}-2`;
    const fromEnv = await cli(['heartbeats', 'exec', '--', 'touch', second], {
      env: withPath(host.url, { MON_PING_TOKEN: TOKEN }),
    });
    expect(fromEnv).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(second)).toBe(true);
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}`, `/ping/${TOKEN}`]);
  });

  it('only TOKEN goes before --: another word there is exit 2 (not quoted), and nothing runs', async () => {
    const host = await pingHost({ status: 200 });
    const marker = `${testEnv().HOME}/ran`;
    const refused = (count: string) =>
      `error: command goes after --: ${count} typed where no argument takes them; nothing was run.\n` +
      'See `mon heartbeats exec --help`.\n';
    // `exec TOKEN touch -- MARKER` ran `touch MARKER`; `exec TOKEN touch MARKER` (no --) too.
    for (const [line, count] of [
      [['heartbeats', 'exec', TOKEN, 'touch', '--', marker], '1 word'],
      [['heartbeats', 'exec', TOKEN, 'touch', marker], '2 words'],
    ] as const) {
      const result = await cli([...line], { env: withPath(host.url) });
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }, line.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: refused(count),
      });
    }
    // With MON_PING_TOKEN, a word before -- is a TOKEN too: the token given twice (it ran `X touch MARKER`).
    const twice = await cli(['heartbeats', 'exec', 'touch', '--', marker], {
      env: withPath(host.url, { MON_PING_TOKEN: TOKEN }),
    });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('The ping token was given 2 ways (TOKEN, MON_PING_TOKEN)');
    expect(twice.stderr).not.toContain(TOKEN);
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);
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

describe('heartbeats exec limits', () => {
  let host: TestServer;
  beforeAll(async () => {
    host = await httpServer((_req, res) => res.writeHead(200).end());
  });
  afterAll(() => host.close());
  const env = () => testEnv({ env: { MON_PING_URL: host.url, PATH: process.env.PATH } });

  it.each([
    [
      ['--max-runtime', '30'],
      '--max-runtime needs a unit: 30s, 30m, 30h or 30d (a duration like 90s, 30m, 2h, 7d or 2w) (got "30").',
    ],
    [['--min-duration', 'soon'], '--min-duration must be a duration like 90s, 30m, 2h, 7d or 2w (got "soon").'],
    [['--max-runtime', '0s'], '--max-runtime must be a duration like 90s, 30m, 2h, 7d or 2w (got "0s").'],
    [
      ['--max-runtime', '30m', '--min-duration', '1h'],
      '--min-duration (1h) must be shorter than --max-runtime (30m): no run could be pinged.',
    ],
  ])('%j: exit 2 naming the flag and the rule; nothing runs', async (flags, message) => {
    const marker = join(env().HOME!, 'ran');
    const result = await cli(['heartbeats', 'exec', TOKEN, ...flags, '--', 'touch', marker], { env: env() });
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);
  });

  it('--dry-run says what would run, under which limits, and where the ping would go; it runs nothing', async () => {
    const marker = join(env().HOME!, 'ran');
    const result = await cli(
      [
        'heartbeats',
        'exec',
        TOKEN,
        '--dry-run',
        '--no-overlap',
        '--max-runtime',
        '2h',
        '--min-duration',
        '1m',
        '--',
        'touch',
        marker,
      ],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `Would run: touch ${marker}\n` +
        '  unless the previous run of this monitor still goes (--no-overlap: exit 75)\n' +
        '  stopped after 2h (SIGTERM, SIGKILL 10s later: exit 124, no ping)\n' +
        'then, if it exits 0 and ran at least 1m (else exit 8, no ping), the ping:\n' +
        'Dry run: nothing was sent (the token is masked here; no API key is sent with a ping).\n',
    );
    expect(result.stdout).toBe(`POST ${host.url}/…4c5d\n`);
    expect(existsSync(marker)).toBe(false);
    expect(host.received).toEqual([]);
  });

  it('a run too short for --min-duration is exit 8, and kind too-fast in a JSON error', async () => {
    const fast = await cli(['heartbeats', 'exec', TOKEN, '--min-duration', '1h', '--json', '--', 'true'], {
      env: env(),
    });
    expect(fast.code).toBe(8);
    expect(JSON.parse(fast.stderr).error).toMatchObject({ exitCode: 8, kind: 'too-fast' });
    expect(host.received).toEqual([]);
  });
});

describe('heartbeats exec, against the sandbox', () => {
  let sandbox: Sandbox;
  let hourly: string;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    hourly = (sandbox.banner().json.heartbeats as { name: string; pingToken: string }[]).find(
      (monitor) => monitor.name === 'Hourly report',
    )!.pingToken;
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    sandbox.requests.length = 0;
  });
  const run = (line: string, env: NodeJS.ProcessEnv = {}) =>
    mon(line, { env: testEnv({ sandbox, env: { PATH: process.env.PATH, ...env } }) });
  const pingsReceived = () =>
    sandbox.requests
      .filter((request) => request.path === `/ping/…${hourly.slice(-4)}`)
      .map((request) => request.method);

  it('does not ping when the job fails, and exits with its code: `false` → 1, `exit 3` → 3', async () => {
    const failed = await run(`heartbeats exec ${hourly} -- false`);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe('mon: false exited with code 1; no ping was sent.\n');
    const three = await run(`heartbeats exec ${hourly} -- sh -c 'exit 3'`);
    expect(three.code).toBe(3);
    expect(pingsReceived()).toEqual([]);
  });

  it('exits 127 without a ping when the command does not exist', async () => {
    const result = await run(`heartbeats exec ${hourly} -- no-such-job-anywhere`);
    expect(result.code).toBe(127);
    expect(result.stderr).toContain('Cannot run "no-such-job-anywhere": command not found; no ping was sent.');
    expect(pingsReceived()).toEqual([]);
  });

  it("an unreachable ping URL is a warning: mon still exits with the job's code (and 1 with --strict)", async () => {
    const unreachable = { MON_PING_URL: `${closed.url}/ping` };
    const ok = await run(`heartbeats exec ${hourly} -- true`, unreachable);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain(`warning: The command succeeded, but the ping to ${closed.url}/ping/…`);
    expect(ok.stderr).toContain(`could not reach ${closed.url} after 3 attempts`);
    expect(ok.stderr).not.toContain(hourly);

    const three = await run(`heartbeats exec ${hourly} -- sh -c 'exit 3'`, unreachable);
    expect(three.code).toBe(3);

    const strict = await run(`heartbeats exec ${hourly} --strict -- true`, unreachable);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: The command succeeded, but the ping to');
  });
});

refusesBadInput([
  {
    what: 'no command',
    line: 'heartbeats exec 4e92b3e4-ad4b-407c-a866-6f8e7401c366',
    says: "missing required argument 'command'",
  },
]);
