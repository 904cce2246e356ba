/**
 * `mon heartbeats exec`'s outcomes in-process, with a job system that starts no process
 * (fake-jobs.ts): the job's exit code or signal and what mon makes of it (a job killed by a
 * signal is not a success and is not pinged), the signals mon passes on to the job's group,
 * --max-runtime on both sides of a Node timer's limit and its SIGTERM/SIGKILL to the group,
 * --no-overlap, --min-duration on both sides, --strict. The clock and timers are moved by
 * hand: nothing here waits. The same with real processes: test/e2e/heartbeats-exec*.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../../src/core/context';
import { scriptedPrompter } from '../../../src/core/prompter';
import { testIO } from '../../../src/io';
import { main } from '../../../src/main';
import { MAX_TIMER_MS } from '../../../src/timers';
import { closedPort, type ClosedPort, TEST_KEY } from '../../helpers';
import { FakeJobSystem } from './fake-jobs';
import { closePingHosts, MASKED, pingEnv, pingHost, TOKEN } from './fixture';

let closed: ClosedPort;
beforeAll(async () => {
  closed = await closedPort();
});
afterAll(async () => {
  await closed.release();
});
afterEach(closePingHosts);

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** A retry's wait that takes no time. */
async function noWait(_ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason;
}

/** Runs `mon ARGV` in-process with `system` starting its jobs; resolves with what a user sees. */
function exec(argv: string[], system: FakeJobSystem, env: NodeJS.ProcessEnv) {
  const io = testIO();
  const ctx = createContext({
    io,
    env,
    prompter: scriptedPrompter([]),
    clientOverrides: { backoffMs: { base: 1, cap: 5 }, sleep: noWait },
  });
  return main(['heartbeats', 'exec', ...argv], Object.assign(ctx, { jobs: system })).then((code) => {
    expect(io.stdout + io.stderr).not.toContain(TEST_KEY);
    return { code, stdout: io.stdout, stderr: io.stderr };
  });
}

async function setUp(status = 200) {
  const host = await pingHost({ status });
  return { host, env: pingEnv(closed.url, host.url), system: new FakeJobSystem() };
}

describe('the job and its exit status', () => {
  it("runs COMMAND ARGS without mon's secrets, pings when it exits 0, and not when it exits 3 (mon exits 3)", async () => {
    const { host, env, system } = await setUp();
    const ok = exec([TOKEN, '--', 'backup.sh', '--full'], system, env);
    const job = await system.job();
    expect([job.command, ...job.args]).toEqual(['backup.sh', '--full']);
    expect(job.env.MON_API_KEY).toBeUndefined();
    expect(job.env.MON_PING_URL).toBe(host.url);
    job.run().exit(0);
    expect(await ok).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(host.received.map((request) => request.url)).toEqual([`/ping/${TOKEN}`]);

    const failed = exec([TOKEN, '--', 'backup.sh', '--full'], system, env);
    (await system.job(1)).run().exit(3);
    expect(await failed).toEqual({
      code: 3,
      stdout: '',
      stderr: 'mon: backup.sh --full exited with code 3; no ping was sent.\n',
    });
    expect(host.received).toHaveLength(1);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGKILL', 137],
    ['SIGINT', 130],
    ['SIGHUP', 129],
    ['SIGSEGV', 139],
  ] as const)('a job killed by %s did not succeed: no ping, exit %i, said on stderr', async (signal, code) => {
    const { host, env, system } = await setUp();
    const run = exec([TOKEN, '--', 'job'], system, env);
    (await system.job()).run().die(signal);
    expect(await run).toEqual({ code, stdout: '', stderr: `mon: job was stopped by ${signal}; no ping was sent.\n` });
    expect(host.received).toEqual([]);
  });

  it('a command that cannot start: 127 when not found, 126 when not executable; no ping', async () => {
    const { host, env, system } = await setUp();
    const missing = exec([TOKEN, '--', 'no-such-job'], system, env);
    (await system.job()).fail('ENOENT');
    expect(await missing).toMatchObject({
      code: 127,
      stderr:
        'error: Cannot run "no-such-job": command not found; no ping was sent.\nCheck the spelling, or give the full path of the command.\n',
    });
    const locked = exec([TOKEN, '--', './job.sh'], system, env);
    (await system.job(1)).fail('EACCES');
    expect(await locked).toMatchObject({ code: 126 });
    expect((await locked).stderr).toContain('error: Cannot run "./job.sh": permission denied; no ping was sent.');
    expect(host.received).toEqual([]);
  });

  it('says what the job system notes about how the job runs (as process 1: orphans)', async () => {
    const { env, system } = await setUp();
    const run = exec([TOKEN, '--', 'job'], system, env);
    const job = await system.job();
    job.note('Orphans are not reaped here.');
    job.run().exit(0);
    expect((await run).stderr).toBe('mon: Orphans are not reaped here.\n');
  });
});

describe('signals sent to mon', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'] as const)(
    "%s is passed on to the job's process group; mon ends as the job did (no ping)",
    async (signal) => {
      const { host, env, system } = await setUp();
      const run = exec([TOKEN, '--', 'job'], system, env);
      const job = (await system.job()).run();
      system.signals.emit(signal, signal);
      expect(job.received).toEqual([signal]);
      expect((await run).stderr).toBe(`mon: job was stopped by ${signal}; no ping was sent.\n`);
      expect(host.received).toEqual([]);
    },
  );

  it('a job that handles the signal and exits 0 is a success: pinged, exit 0; mon has its own handlers back after', async () => {
    const { host, env, system } = await setUp();
    const mine = () => {};
    system.signals.on('SIGHUP', mine);
    const run = exec([TOKEN, '--', 'job'], system, env);
    const job = (await system.job()).run();
    expect(system.signals.listeners('SIGHUP')).not.toContain(mine);
    job.onSignal = () => {};
    system.signals.emit('SIGHUP', 'SIGHUP');
    job.exit(0);
    expect((await run).code).toBe(0);
    expect(job.received).toEqual(['SIGHUP']);
    expect(host.received).toHaveLength(1);
    expect(system.signals.listeners('SIGHUP')).toEqual([mine]);
  });

  it("mon exiting while the job runs (a crash) sends SIGTERM to the job's group", async () => {
    const { env, system } = await setUp();
    const run = exec([TOKEN, '--', 'job'], system, env);
    const job = (await system.job()).run();
    job.onSignal = () => {};
    system.signals.emit('exit', 1);
    expect(job.received).toEqual(['SIGTERM']);
    job.exit(0);
    await run;
  });
});

describe('--max-runtime', () => {
  it.each([
    ['2147483.647s', MAX_TIMER_MS, "a Node timer's longest delay"],
    ['30d', 30 * DAY, "past a Node timer's 24.8 days"],
  ])(
    "--max-runtime %s (%i ms, %s): SIGTERM to the job's group after exactly that long, not before; exit 124, no ping",
    async (flag, limit) => {
      const { host, env, system } = await setUp();
      const run = exec([TOKEN, '--max-runtime', flag, '--', 'job'], system, env);
      const job = (await system.job()).run();
      system.timers.advance(limit - 1);
      expect(job.received).toEqual([]);
      system.timers.advance(1);
      expect(job.received).toEqual(['SIGTERM']);
      const result = await run;
      expect(result.code).toBe(124);
      expect(result.stderr).toMatch(
        /^error: job ran longer than --max-runtime .+ and was stopped \(SIGTERM to its process group\); no ping was sent\.\n$/,
      );
      expect(Math.max(...system.timers.delays)).toBeLessThanOrEqual(MAX_TIMER_MS);
      expect(host.received).toEqual([]);
    },
  );

  it('a job that ignores SIGTERM gets SIGKILL 10 s later, not sooner: said so', async () => {
    const { env, system } = await setUp();
    const run = exec([TOKEN, '--max-runtime', '1h', '--', 'job'], system, env);
    const job = (await system.job()).run();
    job.onSignal = () => {};
    system.timers.advance(60 * 60 * SECOND);
    system.timers.advance(10 * SECOND - 1);
    expect(job.received).toEqual(['SIGTERM']);
    system.timers.advance(1);
    expect(job.received).toEqual(['SIGTERM', 'SIGKILL']);
    expect(await run).toMatchObject({
      code: 124,
      stderr:
        'error: job ran longer than --max-runtime 1h and was stopped (SIGTERM to its process group, then SIGKILL 10s later); no ping was sent.\n',
    });
  });

  it('the grace is --max-runtime itself when shorter than 10 s', async () => {
    const { env, system } = await setUp();
    const run = exec([TOKEN, '--max-runtime', '2s', '--', 'job'], system, env);
    const job = (await system.job()).run();
    job.onSignal = () => {};
    system.timers.advance(4 * SECOND - 1);
    expect(job.received).toEqual(['SIGTERM']);
    system.timers.advance(1);
    expect(job.received).toEqual(['SIGTERM', 'SIGKILL']);
    expect((await run).stderr).toContain('(SIGTERM to its process group, then SIGKILL 2s later)');
  });

  it('a job that ends well on SIGTERM is still exit 124 (kind job-timeout in a JSON error): a stopped run is not a success', async () => {
    const { host, env, system } = await setUp();
    const run = exec([TOKEN, '--max-runtime', '1m', '--json', '--', 'sleep', '90'], system, env);
    const job = (await system.job()).run();
    job.onSignal = () => job.exit(0);
    system.timers.advance(60 * SECOND);
    const result = await run;
    expect(result.code).toBe(124);
    expect(JSON.parse(result.stderr)).toEqual({
      error: expect.objectContaining({
        exitCode: 124,
        kind: 'job-timeout',
        message:
          'sleep 90 ran longer than --max-runtime 1m and was stopped (SIGTERM to its process group); no ping was sent.',
      }),
    });
    expect(host.received).toEqual([]);
  });

  it('processes the job leaves in its group get SIGKILL at the end of the grace; none is sent once they are gone', async () => {
    const { env, system } = await setUp();
    const run = exec([TOKEN, '--max-runtime', '1m', '--', 'job'], system, env);
    const job = (await system.job()).run();
    job.onSignal = () => job.exit(0, { leaving: 1 });
    system.timers.advance(60 * SECOND + 10 * SECOND - 1);
    expect(job.received).toEqual(['SIGTERM']);
    system.timers.advance(1);
    expect(job.received).toEqual(['SIGTERM', 'SIGKILL']);
    expect((await run).stderr).toBe(
      'error: job ran longer than --max-runtime 1m and was stopped (SIGTERM to its process group; it ended, and what it left running in its group got SIGKILL 10s later); no ping was sent.\n',
    );

    const calm = exec([TOKEN, '--max-runtime', '1m', '--', 'job'], system, env);
    const second = (await system.job(1)).run();
    second.onSignal = () => second.exit(0, { leaving: 1 });
    system.timers.advance(60 * SECOND + 3 * SECOND);
    second.members = 0; // what it left ended on SIGTERM too
    system.timers.advance(100);
    expect(second.received).toEqual(['SIGTERM']);
    expect((await calm).stderr).toContain('was stopped (SIGTERM to its process group); no ping was sent.');
  });

  it('a job that ends in time keeps its status and is pinged; nothing is sent to it', async () => {
    const { host, env, system } = await setUp();
    const run = exec([TOKEN, '--max-runtime', '1m', '--', 'job'], system, env);
    const job = (await system.job()).run();
    system.timers.advance(60 * SECOND - 1);
    job.exit(0);
    expect((await run).code).toBe(0);
    expect(job.received).toEqual([]);
    expect(host.received).toHaveLength(1);
    expect(system.timers.waiting).toBe(0);
  });
});

describe('--no-overlap', () => {
  it("a second run while the first one's job runs is not started: exit 75 naming it; once it has ended, the next one runs", async () => {
    const { host, env, system } = await setUp();
    const first = exec([TOKEN, '--no-overlap', '--', 'job'], system, env);
    const job = (await system.job()).run(31337);
    const second = await exec([TOKEN, '--no-overlap', '--json', '--', 'job'], system, env);
    expect(second.code).toBe(75);
    expect(JSON.parse(second.stderr).error).toMatchObject({ exitCode: 75, kind: 'overlap' });
    expect(JSON.parse(second.stderr).error.message).toContain('(its job is pid 31337, mon pid ');
    expect(system.jobs).toHaveLength(1);
    // Another monitor's runs are not held up by it; without --no-overlap neither are this one's.
    const other = exec([`${TOKEN.slice(0, -1)}0`, '--no-overlap', '--', 'job'], system, env);
    (await system.job(1)).run().exit(0);
    expect((await other).code).toBe(0);
    job.exit(0);
    expect((await first).code).toBe(0);
    const third = exec([TOKEN, '--no-overlap', '--', 'job'], system, env);
    (await system.job(2)).run().exit(0);
    expect((await third).code).toBe(0);
    expect(host.received.map((request) => request.url)).toEqual([
      `/ping/${TOKEN.slice(0, -1)}0`,
      `/ping/${TOKEN}`,
      `/ping/${TOKEN}`,
    ]);
  });
});

describe('--min-duration and --strict', () => {
  it('a run that exits 0 sooner than --min-duration is exit 8 and not pinged; one that ran exactly that long is pinged', async () => {
    const { host, env, system } = await setUp();
    const quick = exec([TOKEN, '--min-duration', '30s', '--', 'job'], system, env);
    const job = (await system.job()).run();
    system.timers.advance(30 * SECOND - 1);
    job.exit(0);
    expect(await quick).toMatchObject({
      code: 8,
      stderr:
        'error: job succeeded after 29.9s, sooner than --min-duration 30s: no ping was sent (a run that short most likely did nothing).\nIf such a run is fine, lower --min-duration.\n',
    });
    expect(host.received).toEqual([]);
    const enough = exec([TOKEN, '--min-duration', '30s', '--', 'job'], system, env);
    const second = (await system.job(1)).run();
    system.timers.advance(30 * SECOND);
    second.exit(0);
    expect((await enough).code).toBe(0);
    expect(host.received).toHaveLength(1);
  });

  it('a failed run stays its own code with --min-duration; a job killed by a signal is not pinged with --strict either', async () => {
    const { host, env, system } = await setUp();
    const failed = exec([TOKEN, '--min-duration', '1s', '--strict', '--', 'job'], system, env);
    const job = (await system.job()).run();
    system.timers.advance(5 * SECOND);
    job.die('SIGTERM');
    expect((await failed).code).toBe(143);
    expect(host.received).toEqual([]);
  });

  it("--strict: a ping that fails after the job succeeded is exit 1; without it, a warning and the job's 0", async () => {
    const { host, env, system } = await setUp(503);
    const strict = exec([TOKEN, '--strict', '--', 'job'], system, env);
    (await system.job()).run().exit(0);
    const result = await strict;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: The command succeeded, but the ping to ${host.url}/${MASKED} failed`);
    const lenient = exec([TOKEN, '--', 'job'], system, env);
    (await system.job(1)).run().exit(0);
    expect((await lenient).code).toBe(0);
  });
});
