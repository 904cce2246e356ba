/**
 * `mon heartbeats exec` keeping a cron job in bounds, with real child processes: a job that
 * runs too long is stopped (--max-runtime: SIGTERM, then SIGKILL, its children too, exit
 * 124), a run that ends suspiciously fast is not pinged (--min-duration, exit 8), and a ping
 * that fails or hangs never changes the job's exit status. The jobs sleep far longer (or far
 * shorter) than the limits: no bound here is tight.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, runMon, tempDir } from './harness';
import { hostileServer, type Hostile } from './hostile';

const TOKEN = 'hb_exec_job_token_0123456789';

let pings: Hostile;
/** How the next pings are answered: a status per ping (the last one repeats), or 'hang'. */
let answers: (number | 'hang')[] = [200];
beforeAll(async () => {
  pings = await hostileServer((_req, res, index) => {
    const answer = answers[Math.min(index, answers.length - 1)]!;
    if (answer !== 'hang') res.writeHead(answer).end();
  });
});
afterAll(() => pings.close());
beforeEach(() => {
  pings.received.length = 0;
  answers = [200];
});

function exec(flags: string[], script: string) {
  return runMon(['heartbeats', 'exec', ...flags, '--', 'sh', '-c', script], {
    env: cleanEnv({ MON_PING_URL: pings.url, MON_PING_TOKEN: TOKEN }),
  });
}

/** Is the process running? (A zombie, ended but not yet reaped by its new parent, is not.) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

describe('--max-runtime', () => {
  it('stops a job that runs too long with SIGTERM, its children too: exit 124, said on stderr, no ping', async () => {
    const dir = tempDir();
    // The shell waits on a child of its own: both are in the job's process group.
    const result = await exec(['--max-runtime', '1s'], `sleep 120 & echo $! > ${dir}/child; echo started; wait`);
    expect(result.code).toBe(124);
    expect(result.stdout).toBe('started\n');
    expect(result.stderr).toContain(
      `error: sh -c "sleep 120 & echo $! > ${dir}/child; echo started; wait" ran longer than --max-runtime 1s and was stopped (SIGTERM to its process group); no ping was sent.`,
    );
    expect(pings.received).toEqual([]);
    expect(alive(Number(readFileSync(join(dir, 'child'), 'utf8')))).toBe(false);
  });

  it('sends SIGKILL after the grace to a job that ignores SIGTERM (the grace is --max-runtime when shorter than 10 s)', async () => {
    const dir = tempDir();
    // An ignored signal stays ignored in the children: neither the shell nor its sleep ends on SIGTERM.
    const result = await exec(
      ['--max-runtime', '1s'],
      `trap '' TERM; sleep 120 & echo $! > ${dir}/child; echo started; wait`,
    );
    expect(result.code).toBe(124);
    expect(result.stderr).toContain(
      'ran longer than --max-runtime 1s and was stopped (SIGTERM to its process group, then SIGKILL 1s later); no ping was sent.',
    );
    expect(alive(Number(readFileSync(join(dir, 'child'), 'utf8')))).toBe(false);
    expect(pings.received).toEqual([]);
  });

  it('is exit 124 even when the job ends well on SIGTERM: a stopped run is not a success', async () => {
    const result = await exec(
      ['--max-runtime', '1s'],
      "trap 'echo cleaned up; exit 0' TERM; echo started; while :; do sleep 0.1; done",
    );
    expect(result.code).toBe(124);
    expect(result.stdout).toBe('started\ncleaned up\n');
    expect(pings.received).toEqual([]);
  });

  it('30d, past the 24.8 days one Node timer can wait, lets the job run to its end: exit 0, pinged (issue 45, item 1)', async () => {
    // A Node timer longer than 2^31-1 ms fires after 1 ms: the job used to be stopped at once.
    const result = await exec(['--max-runtime', '30d'], 'sleep 0.5; echo done');
    expect(result).toMatchObject({ code: 0, stdout: 'done\n', stderr: '' });
    expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
  });

  it('leaves a job that ends in time alone: its status, and the ping', async () => {
    const result = await exec(['--max-runtime', '1h'], 'echo done');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('done\n');
    expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
  });
});

describe('--min-duration', () => {
  it('does not ping a run that succeeded sooner: exit 8, said on stderr', async () => {
    const result = await exec(['--min-duration', '1h'], 'echo quick');
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('quick\n');
    expect(result.stderr).toMatch(
      /error: sh -c "echo quick" succeeded after \d+\.\ds, sooner than --min-duration 1h: no ping was sent \(a run that short most likely did nothing\)\.\nIf such a run is fine, lower --min-duration\.\n$/,
    );
    expect(pings.received).toEqual([]);
  });

  it('pings a run that took longer, and keeps the exit status of a run that failed fast', async () => {
    const slow = await exec(['--min-duration', '1s'], 'sleep 2');
    expect(slow.code).toBe(0);
    expect(pings.received).toHaveLength(1);
    const failed = await exec(['--min-duration', '1h'], 'exit 3');
    expect(failed.code).toBe(3);
    expect(failed.stderr).toContain('mon: sh -c "exit 3" exited with code 3; no ping was sent.');
    expect(pings.received).toHaveLength(1);
  });
});

describe('the ping after a job', () => {
  it('is tried again after failures, with backoff: the third attempt lands, and the job status stands', async () => {
    answers = [503, 502, 200];
    const result = await exec([], 'exit 0');
    expect(result.code).toBe(0);
    expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`, `/${TOKEN}`, `/${TOKEN}`]);
    expect(result.stderr).toBe('');
  });

  it('a ping host that never answers costs at most the stated time, and never the job its status', async () => {
    answers = ['hang'];
    // --timeout (the global per-request deadline) shortens the stated 10 s.
    const result = await exec(['--timeout', '1'], 'exit 0');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: The command succeeded, but the ping to');
    // The deadline it gave up at is --timeout's 1 s, not the stated 10 s.
    expect(result.stderr).toContain('timed out after 1 s');
  });
});
