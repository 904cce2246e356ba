/* Issue 16, item 12: Ctrl-C and SIGTERM always end mon, with 130 and 143, whatever it waits for. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runMon, startSandbox, type RunResult } from './harness';
import { hostileServer, json, until, type Hostile } from './hostile';
import { WAIT_MS } from '../timeouts';

const servers: Hostile[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Starts mon with stdin left open (nothing typed, never closed), collecting what it prints. */
function start(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = WAIT_MS,
): { child: ChildProcess; done: Promise<RunResult>; stderr: () => string; stdout: () => string } {
  const child = spawn(process.execPath, ['--require', ANNOUNCE, BIN, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.on('error', () => {});
  const done = new Promise<RunResult>((resolve, reject) => {
    // Generous: the point is that it ends at all (it used to wait until killed).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mon ${args.join(' ')} did not end after the signal\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done, stderr: () => stderr, stdout: () => stdout };
}

const ANNOUNCE = fileURLToPath(new URL('../fixtures/announce-signal-handlers.cjs', import.meta.url));

describe('signals', () => {
  for (const [name, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${name} while auth login --with-key waits on stdin: exit ${code}`, async () => {
      const env = cleanEnv({ MON_BASE_URL: 'http://127.0.0.1:9' });
      const { child, done, stderr } = start(['auth', 'login', '--with-key'], env);
      await until(() => stderr().includes(`[test] handling ${name}`), 'mon to handle signals');
      child.kill(name);
      const result = await done;
      expect(result.code).toBe(code);
      expect(result.stderr).not.toContain('unexpected');
    });
  }

  it('SIGTERM while waiting to retry (Retry-After): exit 143 at once, not after the wait', async () => {
    const server = await hostileServer((_req, res) => json(res, 503, { message: 'busy' }, { 'retry-after': '15' }));
    servers.push(server);
    const { child, done } = start(['runtimes', 'list', '--timeout', '60'], server.env());
    await until(() => server.received.length > 0, 'the first request');
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(143);
    expect(server.received).toHaveLength(1);
  });

  it('SIGTERM with --json: the JSON error says exit code 143, as the exit status does', async () => {
    const server = await hostileServer(() => {});
    servers.push(server);
    const { child, done } = start(['runtimes', 'list', '--json', '--timeout', '60'], server.env());
    await until(() => server.received.length > 0, 'the request');
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(143);
    // The last line: the fixture that reports mon's signal handlers writes before it.
    const last = result.stderr.trimEnd().split('\n').pop()!;
    expect(JSON.parse(last)).toMatchObject({ error: { exitCode: 143, kind: 'cancelled' } });
  });

  it('SIGTERM during a request that is never answered: exit 143', async () => {
    const server = await hostileServer(() => {});
    servers.push(server);
    const { child, done } = start(['runtimes', 'list', '--timeout', '60'], server.env());
    await until(() => server.received.length > 0, 'the request');
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(143);
    expect(result.stderr).toContain('Cancelled');
  });
});

/** CPU time the process has used so far, in clock ticks (/proc/PID/stat: utime + stime). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('a --jq program that never ends (issue 27, item 5)', () => {
  for (const [name, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${name} ends it: exit ${code}, the JSON error says so`, async (context) => {
      if (process.platform !== 'linux') context.skip('reads the CPU time of mon from /proc');
      let answered = false;
      const server = await hostileServer((_req, res) => {
        json(res, 200, [{ name: '2025.04' }]);
        res.once('finish', () => (answered = true));
      });
      servers.push(server);
      const { child, done } = start(['api', '/v1/runtimes', '--jq', 'def f: f; f'], server.env());
      await until(() => answered, 'the answer');
      // Half a second of CPU after the answer: the program is running (it never ends).
      const from = cpuTicks(child.pid!);
      await until(() => cpuTicks(child.pid!) - from >= 50, 'jq to run');
      child.kill(name);
      const result = await done;
      expect(result.code).toBe(code);
      const last = result.stderr.trimEnd().split('\n').pop()!;
      expect(JSON.parse(last)).toMatchObject({ error: { exitCode: code, kind: 'cancelled' } });
    });
  }
});

describe('Ctrl-C while --jq prints a million results (issue 45, item 7)', () => {
  /**
   * mon prints `range(1000000)` (6.9 MB) into a pipe the test stops reading once the first
   * results came: mon is then held in a write. The signals are sent, the pipe read again:
   * what mon prints after them is what it wrote before it let them be handled.
   */
  async function printing(signals: NodeJS.Signals[]) {
    const server = await hostileServer((_req, res) => json(res, 200, [1]));
    servers.push(server);
    // jq takes its time to make a million results on a loaded machine; the waits are for events.
    const run = start(['api', '/v1/runtimes', '--jq', 'range(1000000)'], server.env(), 170_000);
    await until(() => run.stdout().length > 0, 'the first results', 150_000);
    run.child.stdout!.pause();
    const before = run.stdout().length;
    for (const signal of signals) run.child.kill(signal);
    run.child.stdout!.resume();
    const result = await run.done;
    return { result, after: result.stdout.length - before };
  }

  it('one Ctrl-C: the printing stops within a chunk, exit 130, "Cancelled."', { timeout: 180_000 }, async () => {
    const { result, after } = await printing(['SIGINT']);
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Cancelled.');
    // A million results are 6.9 MB: what comes after the signal is the write it was held in, and the pipe.
    expect(after).toBeLessThan(1024 * 1024);
  });

  it(
    'Ctrl-C twice (one signal, as they come while mon is held in a write): it ends at once',
    { timeout: 180_000 },
    async () => {
      const { result, after } = await printing(['SIGINT', 'SIGINT']);
      expect(result.signal === 'SIGINT' || result.code === 130, `${result.code} ${result.signal}`).toBe(true);
      expect(after).toBeLessThan(1024 * 1024);
    },
  );
});

describe('SIGUSR1 (issue 27, item 3)', () => {
  it('opens no inspector in a long mon sandbox: it goes on serving, and ends as usual', async () => {
    const sandbox = await startSandbox();
    sandbox.process.kill('SIGUSR1');
    // A request answered after the signal: it was handled (Node would have opened 127.0.0.1:9229).
    const after = await runMon(['runtimes', 'list'], { env: sandbox.env() });
    expect(after.code).toBe(0);
    const stopped = await sandbox.stop();
    expect(stopped.signal).toBeNull();
    expect(stopped.stderr).not.toMatch(/Debugger listening|inspector/i);
  });
});
