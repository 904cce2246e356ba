import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BIN,
  closedPort,
  collect,
  loggedPingPath,
  runMon,
  startSandbox,
  type RunResult,
  type SandboxProcess,
} from './harness';

interface Monitor {
  name: string;
  checkId: string;
  pingToken: string;
}

let sandbox: SandboxProcess;
let nightly: Monitor;
let hourly: Monitor;

function monitorNamed(process: SandboxProcess, name: string): Monitor {
  const found = (process.info.heartbeats as Monitor[]).find((monitor) => monitor.name === name);
  if (!found) throw new Error(`the sandbox banner has no "${name}"`);
  return found;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  nightly = monitorNamed(sandbox, 'Nightly backup');
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

describe('heartbeats ping and events', () => {
  it('a ping shows up as the newest event, with its source and user agent', async () => {
    const ping = await mon(['heartbeats', 'ping', nightly.pingToken]);
    expect(ping).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await pingsReceived(nightly.pingToken)).toEqual(['POST']);

    const events = await mon(['heartbeats', 'events', nightly.checkId, '--limit', '2']);
    expect(events.code).toBe(0);
    const rows = events.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'RECEIVED',
      '127.0.0.1',
      expect.stringMatching(/^mon\/\d/),
    ]);
    expect(Date.now() - Date.parse(rows[0]![0]!)).toBeLessThan(60_000);
    expect(rows[1]).toEqual([expect.any(String), expect.any(String), '10.0.2.8', 'Wget/1.21.4']);

    const json = JSON.parse((await mon(['heartbeats', 'events', nightly.checkId, '--limit', '1', '--json'])).stdout);
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
    const debug = await mon(['heartbeats', 'ping', nightly.pingToken, '--debug']);
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain(`> POST ${sandbox.info.pingUrl}/…${nightly.pingToken.slice(-4)}`);
    expect(debug.stderr).not.toContain('authorization');
    const wrong = `${nightly.pingToken.slice(0, -4)}0000`;
    const unknown = await mon(['heartbeats', 'ping', wrong]);
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toContain(`The ping URL ${sandbox.info.pingUrl}/…0000 is not known to the service (404).`);
    for (const result of [debug, unknown]) {
      expect(result.stdout + result.stderr).not.toContain(nightly.pingToken);
      expect(result.stdout + result.stderr).not.toContain(wrong);
    }
  });

  it.each([
    [['--limit', '11'], '--limit must be a whole number from 1 to 10'],
    [['--from', '2026-11-20T10:00:00Z', '--to', '2026-11-20T09:00:00Z'], '--from must be before --to'],
    [['--from', 'yesterday-ish'], '--from must be a date (2026-11-20), an ISO 8601 date-time, or a time ago'],
    [['--to', '2026-13-01'], '--to must be a date'],
  ])('events %j: exit 2 and nothing sent', async (flags, message) => {
    const result = await mon(['heartbeats', 'events', nightly.checkId, ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(await sandbox.requests()).toEqual([]);
  });

  it('availability: exit 2 and nothing sent for a period that ends before it starts', async () => {
    const result = await mon(['heartbeats', 'availability', nightly.checkId, '--since', '1h', '--to', '2h']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--since must be before --to');
    expect(await sandbox.requests()).toEqual([]);
  });
});

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

  it('does not ping when the job fails, and exits with its code: `false` → 1, `exit 3` → 3', async () => {
    const failed = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'false']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe('mon: false exited with code 1; no ping was sent.\n');
    const three = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'sh', '-c', 'exit 3']);
    expect(three.code).toBe(3);
    expect(await pingsReceived(hourly.pingToken)).toEqual([]);
  });

  it('exits 127 without a ping when the command does not exist', async () => {
    const result = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'no-such-job-anywhere']);
    expect(result.code).toBe(127);
    expect(result.stderr).toContain('Cannot run "no-such-job-anywhere": command not found; no ping was sent.');
    expect(await pingsReceived(hourly.pingToken)).toEqual([]);
  });

  it("an unreachable ping URL is a warning: mon still exits with the job's code (and 1 with --strict)", async () => {
    const closed = await closedPort();
    const unreachable = { MON_PING_URL: `${closed.url}/ping` };
    const ok = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'true'], unreachable);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain(`warning: The command succeeded, but the ping to ${closed.url}/ping/…`);
    expect(ok.stderr).toContain(`could not reach ${closed.url} after 3 attempts`);
    expect(ok.stderr).not.toContain(hourly.pingToken);

    const three = await mon(['heartbeats', 'exec', hourly.pingToken, '--', 'sh', '-c', 'exit 3'], unreachable);
    expect(three.code).toBe(3);

    const strict = await mon(['heartbeats', 'exec', hourly.pingToken, '--strict', '--', 'true'], unreachable);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: The command succeeded, but the ping to');
    await closed.release();
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

describe('heartbeats availability', () => {
  it('drops after a simulated missed period, and the events show the failure', async () => {
    // A sandbox of its own: moving its clock must not disturb the other tests.
    const own = await startSandbox();
    try {
      const queue = monitorNamed(own, 'Queue worker');
      const env = own.env();
      expect((await runMon(['heartbeats', 'ping', queue.pingToken], { env })).code).toBe(0);
      const ratio = async () => {
        const result = await runMon(['heartbeats', 'availability', queue.checkId, '--json'], { env });
        expect(result.code).toBe(0);
        return JSON.parse(result.stdout) as {
          successRatio: { currentPeriod: number };
          totalEntitiesCurrentPeriod: number;
        };
      };
      const before = await ratio();
      expect(before.successRatio.currentPeriod).toBe(100);

      // Every 5 minutes with 1 minute of grace: 30 minutes without a ping is a miss.
      await own.advanceClock(30 * 60);
      const after = await ratio();
      expect(after.successRatio.currentPeriod).toBeLessThan(before.successRatio.currentPeriod);
      expect(after.totalEntitiesCurrentPeriod).toBe(before.totalEntitiesCurrentPeriod + 1);

      const piped = await runMon(['heartbeats', 'availability', queue.checkId], { env });
      // The sandbox clock keeps running, so the ratio moves a little between reads.
      expect(piped.stdout).toMatch(/^currentPeriod\t8\d(\.\d+)?\npreviousPeriod\t\ntotalEntitiesCurrentPeriod\t\d+\n$/);
      const events = await runMon(['heartbeats', 'events', queue.checkId, '--limit', '2'], { env });
      expect(
        events.stdout
          .trimEnd()
          .split('\n')
          .map((line) => line.split('\t')[1]),
      ).toEqual(['FAILING', 'RECEIVED']);
    } finally {
      await own.stop();
    }
  });

  it('prints "There is no data for this period" and exits 0 for a period before the monitor existed', async () => {
    const result = await mon([
      'heartbeats',
      'availability',
      nightly.checkId,
      '--from',
      '2020-01-01',
      '--to',
      '2020-01-08',
    ]);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain('There is no data for this period (2020-01-01 00:00 UTC to 2020-01-08 00:00 UTC).');
  });
});
