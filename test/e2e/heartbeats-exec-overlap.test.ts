/**
 * `mon heartbeats exec --no-overlap`: one run of a monitor at a time on this machine, with
 * real processes. A second run does not start (exit 75, naming the running PIDs); a lock left
 * by a mon killed with SIGKILL holds while its job still runs, and is taken over once the job
 * has ended too.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, collect, runMon, tempDir, type RunResult } from './harness';
import { hostileServer, until, type Hostile } from './hostile';

const TOKEN = 'hb_exec_overlap_token_0123456789';
const OTHER = 'hb_exec_overlap_other_0123456789';

let pings: Hostile;
beforeAll(async () => {
  pings = await hostileServer((_req, res) => res.writeHead(200).end());
});
afterAll(() => pings.close());

/** One machine's user: the same data directory (where the locks are) for every run. */
function machine() {
  const env = cleanEnv({ MON_PING_URL: pings.url });
  const run = (token: string, script: string) =>
    runMon(['heartbeats', 'exec', token, '--no-overlap', '--', 'sh', '-c', script], { env });
  /** A run in the background: resolves `ready` once the job prints "ready". */
  const start = (token: string, script: string) => {
    const child = spawn(
      process.execPath,
      [BIN, 'heartbeats', 'exec', token, '--no-overlap', '--', 'sh', '-c', script],
      {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let seen = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('ready')) resolve();
      }),
    );
    const done: Promise<RunResult> = collect(child);
    return { pid: child.pid!, ready, done, kill: (signal: NodeJS.Signals) => child.kill(signal) };
  };
  return { env, run, start };
}

/** A job that writes its PID to `file`, prints "ready", and runs until it is stopped. */
const longJob = (file: string) => `echo $$ > ${file}; echo ready; while :; do sleep 0.05; done`;
const pidIn = (file: string) => Number(readFileSync(file, 'utf8'));

/** Where mon keeps the lock of a monitor: named by a hash of its token, never the token. */
const lockFile = (env: NodeJS.ProcessEnv, token: string) =>
  join(env.MON_DATA_DIR!, 'exec-locks', `${createHash('sha256').update(token).digest('hex').slice(0, 32)}.lock`);

describe('--no-overlap', () => {
  it('a second run of the same monitor does not start while the first goes: exit 75, naming both PIDs', async () => {
    const { env, run, start } = machine();
    const dir = tempDir();
    const first = start(TOKEN, longJob(join(dir, 'job')));
    await first.ready;
    const marker = join(dir, 'ran');
    const second = await run(TOKEN, `touch ${marker}`);
    expect(second.code).toBe(75);
    expect(second.stderr).toMatch(
      new RegExp(
        `^error: Not started \\(--no-overlap\\): the previous run of this monitor is still going \\(its job is pid ${pidIn(join(dir, 'job'))}, mon pid ${first.pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)\\. No ping was sent\\.\\n`,
      ),
    );
    expect(existsSync(marker)).toBe(false);
    const json = await runMon(['heartbeats', 'exec', TOKEN, '--no-overlap', '--json', '--', 'true'], { env });
    expect(json.code).toBe(75);
    expect(JSON.parse(json.stderr).error).toMatchObject({ exitCode: 75, kind: 'overlap' });

    // Another monitor is not held up by it.
    expect((await run(OTHER, 'true')).code).toBe(0);

    first.kill('SIGTERM');
    await first.done;
    // Once the first has ended, the next run starts, and pings.
    const before = pings.received.length;
    const third = await run(TOKEN, `touch ${marker}`);
    expect(third.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(pings.received.slice(before).map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
  });

  it('a lock left by a mon killed with SIGKILL holds while its job still runs, and is taken over once the job has ended', async () => {
    const { env, run, start } = machine();
    const dir = tempDir();
    const first = start(TOKEN, longJob(join(dir, 'job')));
    await first.ready;
    const job = pidIn(join(dir, 'job'));
    // mon records the job's PID in the lock as soon as it has started it.
    await until(() => readFileSync(lockFile(env, TOKEN), 'utf8').includes(`"child":${job}`), 'the lock names the job');
    // SIGKILL: mon ends at once, without releasing its lock or stopping its job.
    first.kill('SIGKILL');
    const blocked = await run(TOKEN, 'true');
    expect(blocked.code).toBe(75);
    expect(blocked.stderr).toContain(`(its job is pid ${job}, mon pid ${first.pid},`);
    process.kill(job, 'SIGTERM');
    await first.done;
    const next = await run(TOKEN, 'echo took over');
    expect(next.code).toBe(0);
    expect(next.stdout).toBe('took over\n');
  });

  it('takes over a lock whose mon and job are both gone (a reboot, a crash), and leaves none behind', async () => {
    const { env, run } = machine();
    // A PID that no longer runs, on this host.
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    mkdirSync(join(env.MON_DATA_DIR!, 'exec-locks'), { recursive: true });
    writeFileSync(
      lockFile(env, TOKEN),
      JSON.stringify({
        pid: gone.pid,
        child: gone.pid,
        host: hostname(),
        what: 'mon heartbeats exec',
        since: '2026-01-01T00:00:00.000Z',
      }),
    );
    const after = await run(TOKEN, 'echo ran');
    expect(after.code).toBe(0);
    expect(after.stdout).toBe('ran\n');
    expect(existsSync(lockFile(env, TOKEN))).toBe(false);
  });
});
