/**
 * Issue 27, items 3 and 13: `mon heartbeats exec` runs a job for a long time, under a
 * supervisor or a terminal that may signal it. Every signal that ends or directs a job is
 * the job's to decide, mon keeps its status, the job never runs on without mon, never sees
 * mon's secrets, and SIGUSR1 opens no inspector. Real child processes; pings go to a server
 * of the test.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, collect, type RunResult } from './harness';
import { HOSTILE_KEY, hostileServer, type Hostile } from './hostile';

const TOKEN = 'hb_exec_test_token_0123456789';
let pings: Hostile;
beforeAll(async () => {
  pings = await hostileServer((_req, res) => res.writeHead(200).end('OK'));
});
afterAll(() => pings.close());

/** `mon heartbeats exec -- sh -c SCRIPT`, the token in MON_PING_TOKEN; "ready" on stdout once the job runs. */
function startExec(script: string): {
  pid: number;
  ready: Promise<void>;
  done: Promise<RunResult>;
  kill(signal: NodeJS.Signals): void;
} {
  const child = spawn(process.execPath, [BIN, 'heartbeats', 'exec', '--', 'sh', '-c', script], {
    env: pings.env({ MON_PING_URL: pings.url, MON_PING_TOKEN: TOKEN }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let seen = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('ready')) resolve();
    });
  });
  return { pid: child.pid!, ready, done: collect(child), kill: (signal) => child.kill(signal) };
}

/** Is a process of this pid still there? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('signals to mon heartbeats exec', () => {
  for (const [signal, code] of [
    ['SIGHUP', 129],
    ['SIGQUIT', 131],
    ['SIGUSR2', 140],
  ] as const) {
    it(`${signal} is passed on to the job; mon waits for it and exits ${code}, as the job did`, async () => {
      // The job says what it got, then dies of it as it would have without a handler.
      const name = signal.slice(3);
      const job = startExec(
        `trap 'echo got ${name}; trap - ${name}; kill -${name} $$' ${name}; echo "job pid $$" >&2; echo ready; while :; do sleep 0.05; done`,
      );
      await job.ready;
      job.kill(signal);
      const result = await job.done;
      expect(result.stdout).toBe(`ready\ngot ${name}\n`);
      expect(result.code).toBe(code);
      expect(result.stderr).toContain(`was stopped by ${signal}; no ping was sent.`);
      const jobPid = Number(/job pid (\d+)/.exec(result.stderr)![1]);
      expect(alive(jobPid)).toBe(false);
    });
  }

  /**
   * A job that sets `trap`, says it is ready, and runs until a SIGHUP (passed on by mon) has
   * been handled: it ends on that event, not after some time, which a loaded machine could
   * let pass before the test's signal arrives.
   */
  const untilHangUp = (trap: string) =>
    `${trap}; trap 'echo got HUP; hup=1' HUP; echo ready; while [ -z "$hup" ]; do sleep 0.05; done; echo finished`;

  it('a job that handles SIGHUP and goes on: mon goes on with it, and pings when it succeeds', async () => {
    const before = pings.received.length;
    const job = startExec(untilHangUp(':'));
    await job.ready;
    job.kill('SIGHUP');
    const result = await job.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ready\ngot HUP\nfinished\n');
    expect(pings.received.slice(before).map((request) => request.url)).toEqual([`/${TOKEN}`]);
  });

  it('SIGUSR1 opens no inspector, does not reach the job, and ends nothing', async () => {
    const job = startExec(untilHangUp("trap 'echo got USR1' USR1"));
    await job.ready;
    job.kill('SIGUSR1');
    // Then the signal that ends the job: had mon passed SIGUSR1 on, the job would have it
    // before that one's end (the shell runs the traps of the signals it has, then the loop).
    job.kill('SIGHUP');
    const result = await job.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ready\ngot HUP\nfinished\n');
    expect(result.stderr).not.toMatch(/Debugger listening|inspector/i);
  });
});

describe('the job of mon heartbeats exec', () => {
  it('does not inherit MON_API_KEY or MON_PING_TOKEN; the rest of the environment it does', async () => {
    const job = startExec(
      'echo ready; echo "key=${MON_API_KEY-unset} token=${MON_PING_TOKEN-unset} url=${MON_PING_URL-unset}"',
    );
    const result = await job.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`ready\nkey=unset token=unset url=${pings.url}\n`);
    expect(result.stdout).not.toContain(HOSTILE_KEY);
  });
});
