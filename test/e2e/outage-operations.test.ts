/**
 * The outage operations end to end: the real bin/mon.js against `mon sandbox` over HTTP. A
 * maintenance run whose command exits 0, exits 7, is SIGTERMed or SIGHUPed, and whose mon is
 * kill -9'd (then `maintenance recover`) leaves no window in force, as the sandbox's state and
 * the requests it received show; `incidents ensure` three times makes one incident and one
 * update; `status --until healthy` exits 0 once a rehearsed failure passes, 3 with --fail-fast,
 * 124 on --timeout; `checks run` exits 3 for a rehearsed failing check. Each waits for what mon
 * printed or the sandbox received, never for a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { occurrenceAt } from '../../src/api/maintenance-rules';
import { BIN, collect, runMon, startSandbox, tempDir, type RunResult, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
let env: NodeJS.ProcessEnv;
let shop = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  env = sandbox.env({ MON_DATA_DIR: tempDir('mon-maint-data-') });
  const created = await sandbox.call('POST', '/v1/checks/dns', {
    name: 'Shop DNS',
    tags: ['shop'],
    request: { query: 'shop.example.com', recordType: 'A' },
    heartbeat: {},
    script: '',
  });
  shop = (created.body as { id: string }).id;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await sandbox.call('POST', `/__sandbox/checks/${shop}/status`, { status: 'passing' });
  await sandbox.clearRequests();
});

interface Window {
  id: number;
  name: string;
  startsAt: string;
  endsAt: string;
}

/** The windows in force now, by the sandbox's clock (its answer's Date header is the real clock here). */
async function windowsInForce(): Promise<Window[]> {
  const { body } = await sandbox.call('GET', '/v1/maintenance-windows?limit=100');
  return (body as Window[]).filter((window) => occurrenceAt(window, Date.now()) !== undefined);
}

/** mon started in the background, its output kept as it comes. */
function start(args: string[]): { child: ChildProcess; output: () => string; done: Promise<RunResult> } {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let seen = '';
  child.stdout!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  const done = collect(child, { timeoutMs: 60_000 });
  return { child, output: () => seen, done };
}

/** Resolves once `text` has been printed (polled: an event, not a delay). */
async function printed(run: { output: () => string }, text: string | RegExp): Promise<string> {
  for (let tries = 0; tries < 6000; tries++) {
    const match = typeof text === 'string' ? run.output().includes(text) : text.test(run.output());
    if (match) return run.output();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never printed ${String(text)}:\n${run.output()}`);
}

const MAINTENANCE_RUN = ['maintenance', 'run', '--tag', 'shop', '--'];
/** A job that says it started, then waits until a signal ends it. */
const JOB_UNTIL_SIGNAL = "console.log('started'); setTimeout(() => {}, 60_000)";

const windowWrites = async () =>
  (await sandbox.requests())
    .filter((request) => request.path.startsWith('/v1/maintenance-windows') && request.method !== 'GET')
    .map((request) => `${request.method} ${request.path.replace(/\d+$/, 'ID')}`);

describe('maintenance run restores on every way out', () => {
  it('the command exits 0: mon exits 0, the window was opened then ended', async () => {
    const result = await runMon(['maintenance', 'run', '--tag', 'shop', '--', 'sh', '-c', 'echo deployed'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('deployed\n');
    expect(result.stderr).toMatch(/✓ Maintenance window \d+ opened: checks tagged shop will not alert/);
    expect(await windowWrites()).toEqual(['POST /v1/maintenance-windows', 'PUT /v1/maintenance-windows/ID']);
    expect(await windowsInForce()).toEqual([]);
  });

  it('the command exits 7: mon exits 7 and the window is ended', async () => {
    const result = await runMon(['maintenance', 'run', '--tag', 'shop', '--', 'sh', '-c', 'exit 7'], { env });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('mon: sh -c "exit 7" exited with code 7; the maintenance was ended.');
    expect(await windowWrites()).toEqual(['POST /v1/maintenance-windows', 'PUT /v1/maintenance-windows/ID']);
    expect(await windowsInForce()).toEqual([]);
  });

  it.for([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('mon gets %s while the command runs: passed on, the window ended, exit %i', async ([signal, code]) => {
    // The job is Node, whose SIGINT ends it at any moment after it printed: not `sh -c 'echo
    // started; sleep 60'`, which is how this case failed 1 run in 3 of the loaded suite. dash
    // catches SIGINT while it starts a command; one arriving between the echo and the sleep's
    // exec leaves the new sleep running, and dash waiting the 60 s for it (a bare `sh -c` job
    // killed with -INT right after its echo outlived it in 165 of 300 tries here; a Node job
    // in 0 of 200). A user's Ctrl-C at that moment is deferred by the shell alike, mon or not.
    const run = start([...MAINTENANCE_RUN, process.execPath, '-e', JOB_UNTIL_SIGNAL]);
    await printed(run, 'started\n');
    expect(await windowsInForce()).toHaveLength(1);
    run.child.kill(signal);
    const result = await run.done;
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toContain(`mon: Stopped by ${signal}; the maintenance was ended.`);
    expect(await windowsInForce()).toEqual([]);
  });

  it('mon is kill -9ed: the window stays, every maintenance command says so, and recover ends it', async () => {
    const run = start(['maintenance', 'run', '--tag', 'shop', '--', 'sh', '-c', 'echo "job $$"; sleep 60']);
    const job = Number(/job (\d+)/.exec(await printed(run, /job \d+\n/))![1]);
    run.child.kill('SIGKILL');
    // The job was in a process group of its own, which mon did not live to stop (it holds mon's pipes open).
    process.kill(-job, 'SIGKILL');
    await run.done;
    const [left] = await windowsInForce();
    expect(left?.name).toMatch(/^mon maintenance run [0-9a-f]{8}: sh -c/);

    const listed = await runMon('maintenance list', { env });
    expect(listed.stderr).toContain('A `maintenance run` was killed before it ended what it opened:');
    expect(listed.stderr).toContain(`left maintenance window ${left!.id} open`);
    expect(listed.stderr).toContain('Run `mon maintenance recover` to end it.');

    const recovered = await runMon('maintenance recover', { env });
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(recovered.stderr).toContain(`maintenance window ${left!.id}`);
    expect(await windowsInForce()).toEqual([]);

    const again = await runMon('maintenance recover', { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing to recover.');
    expect((await runMon('maintenance list', { env })).stderr).not.toContain('was killed');
  });

  it('--timeout: the command is stopped, the window ended, exit 124', async () => {
    const result = await runMon(['maintenance', 'run', '--tag', 'shop', '--timeout', '1s', '--', 'sleep', '60'], {
      env,
    });
    expect(result.code).toBe(124);
    expect(result.stderr).toContain('sleep 60 ran longer than --timeout 1s and was stopped');
    expect(await windowsInForce()).toEqual([]);
  });
});

describe('incidents ensure', () => {
  it('three runs make one incident and post one update', async () => {
    const line = (message: string) => [
      'incidents',
      'ensure',
      '--name',
      'Shop errors',
      '--severity',
      'major',
      '--service',
      'Checkout',
      '--message',
      message,
    ];
    const actions = [];
    for (const message of ['Payments fail.', 'A fix is out.', 'A fix is out.']) {
      const result = await runMon([...line(message), '--json'], { env });
      expect(result.code, result.stderr).toBe(0);
      actions.push((JSON.parse(result.stdout) as { action: string }).action);
    }
    expect(actions).toEqual(['created', 'updated', 'unchanged']);
    const writes = (await sandbox.requests()).filter((request) => request.method === 'POST');
    expect(writes.map((request) => request.path.replace(/[0-9a-f-]{36}/, 'ID'))).toEqual([
      '/v1/status-pages/incidents',
      '/v1/status-pages/incidents/ID/incident-updates',
    ]);
  });
});

describe('status --until healthy', () => {
  it('exits 0 once a rehearsed failure passes', async () => {
    expect((await runMon(['sandbox', 'checks', 'fail', 'Shop DNS'], { env })).code).toBe(0);
    const run = start(['status', '--until', 'healthy', '--tag', 'shop', '--interval', '1']);
    await printed(run, 'waiting: failing "Shop DNS"');
    expect((await runMon(['sandbox', 'checks', 'pass', 'Shop DNS'], { env })).code).toBe(0);
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/"Shop DNS": failing → passing\n.*healthy: nothing failing/);
  });

  it('exits 3 with --fail-fast, 124 on --timeout', async () => {
    await runMon(['sandbox', 'checks', 'fail', 'Shop DNS'], { env });
    const fast = await runMon('status --until healthy --tag shop --fail-fast', { env });
    expect(fast.code).toBe(3);
    expect(fast.stderr).toContain('--fail-fast: "Shop DNS" is failing.');
    const slow = await runMon('status --until healthy --tag shop --timeout 1s --interval 1', { env });
    expect(slow.code).toBe(124);
    expect(slow.stderr).toContain('--timeout 1s ran out and it is not healthy: failing "Shop DNS".');
  });
});

describe('checks run', () => {
  it('exits 3 for a rehearsed failing check, 0 once it passes', async () => {
    await runMon(['sandbox', 'checks', 'fail', 'Shop DNS'], { env });
    const failed = await runMon(['checks', 'run', 'Shop DNS'], { env });
    expect(failed.code, failed.stderr).toBe(3);
    expect(failed.stdout.split('\t').slice(0, 2)).toEqual(['FAILED', 'Shop DNS']);
    await runMon(['sandbox', 'checks', 'pass', 'Shop DNS'], { env });
    const passed = await runMon(['checks', 'run', '--tag', 'shop'], { env });
    expect(passed.code, passed.stderr).toBe(0);
  });
});
