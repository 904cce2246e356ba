/**
 * `mon heartbeats exec` through the real binary: the job's own stdout and stderr, and the
 * signals it is sent. The rest of exec, ping, events and availability is tested in-process in
 * test/commands/heartbeats/.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, collect, loggedPingPath, runMon, startSandbox, type RunResult, type SandboxProcess } from './harness';

interface Monitor {
  name: string;
  checkId: string;
  pingToken: string;
}

let sandbox: SandboxProcess;
let hourly: Monitor;

function monitorNamed(process: SandboxProcess, name: string): Monitor {
  const found = (process.info.heartbeats as Monitor[]).find((monitor) => monitor.name === name);
  if (!found) throw new Error(`the sandbox banner has no "${name}"`);
  return found;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  hourly = monitorNamed(sandbox, 'Hourly report');
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.clearRequests();
});

async function pingsReceived(token: string): Promise<string[]> {
  return (await sandbox.requests())
    .filter((request) => request.path === loggedPingPath(token))
    .map((request) => request.method);
}

function mon(args: string[], extra: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runMon(args, { env: sandbox.env(extra) });
}

describe('heartbeats exec', () => {
  it('runs `true`, pings, and exits 0; the job keeps stdout and stderr', async () => {
    const ok = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'true']);
    expect(ok).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await pingsReceived(hourly.pingToken)).toEqual(['POST']);

    const talks = await mon([
      'heartbeats',
      'exec',
      hourly.pingToken,
      '--',
      'sh',
      '-c',
      'echo to stdout; echo to stderr >&2',
    ]);
    expect(talks).toMatchObject({ code: 0, stdout: 'to stdout\n', stderr: 'to stderr\n' });
  });

  /** Starts `mon heartbeats exec` on a job that prints "ready" when it is running. */
  function startExec(script: string) {
    const child = spawn(process.execPath, [BIN, 'heartbeats', 'exec', hourly.pingToken, '--', 'sh', '-c', script], {
      env: sandbox.env(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const ready = new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
    });
    return { child, ready, done: collect(child) };
  }

  it('passes SIGINT and SIGTERM on to the job once, and ends with 128 + the signal when the job dies of it', async () => {
    const interrupted = startExec('echo ready; exec sleep 30');
    await interrupted.ready;
    interrupted.child.kill('SIGINT');
    const int = await interrupted.done;
    expect(int.code).toBe(130);
    expect(int.stderr).toContain('was stopped by SIGINT; no ping was sent.');

    const terminated = startExec('echo ready; exec sleep 30');
    await terminated.ready;
    terminated.child.kill('SIGTERM');
    const term = await terminated.done;
    expect(term.code).toBe(143);
    expect(term.stderr).toContain('was stopped by SIGTERM; no ping was sent.');
    expect(await pingsReceived(hourly.pingToken)).toEqual([]);
  });

  it('waits for a job that handles the signal, exits with its code, and pings when that is 0', async () => {
    const job = startExec('trap "echo cleaned up; exit 0" INT; echo ready; while :; do sleep 0.1; done');
    await job.ready;
    job.child.kill('SIGINT');
    const result = await job.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ready\ncleaned up\n');
    expect(await pingsReceived(hourly.pingToken)).toEqual(['POST']);
  });
});
