/**
 * The sandbox as a product (issue 21), end to end: `mon sandbox info` and `reset` on data
 * files that real `mon sandbox` processes serve (their lock files) or served, and on a
 * terminal. The commands against a sandbox (`clock advance`, `requests`, what `reset`
 * refuses) are tested in-process in test/commands/sandbox/, the pings in
 * test/sandbox/modules/heartbeats.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  collect,
  inTerminal,
  leakedSecrets,
  requireTerminal,
  runMon,
  startSandbox,
  tempDir,
  type RunResult,
  type SandboxProcess,
} from './harness';

const SERVICE = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
/** What `mon sandbox` uses unless told otherwise (src/sandbox/defaults.ts): not secrets. */
const DEFAULT_ACCOUNT = '3f1c9a2e-7b4d-4e8a-9c1f-5d6e7f8a9b0c';

interface Monitor {
  name: string;
  checkId: string;
  pingToken: string;
  period: number;
  periodUnit: string;
  grace: number;
  graceUnit: string;
}

interface Info {
  baseUrl: string;
  accountId: string;
  apiKey: string;
  pingUrl: string;
  heartbeats: (Monitor & { state: string })[];
}

/**
 * `mon sandbox info` prints the sandbox's own key and ping tokens: that is what it is for. It
 * runs without runMon's check that no known secret is printed; its stderr is still checked.
 */
async function showing(args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  const result = await collect(spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] }));
  expect(leakedSecrets(result.stderr)).toEqual([]);
  return result;
}

async function infoJson(args: string[], env: NodeJS.ProcessEnv): Promise<Info> {
  const result = await showing([...args, '--json'], env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Info;
}

const monitorsOf = (sandbox: SandboxProcess) => sandbox.info.heartbeats as Monitor[];
const named = <M extends { name: string }>(monitors: M[], name: string) =>
  monitors.find((monitor) => monitor.name === name)!;

const createArgs = (name: string, message = 'm') => [
  'incidents',
  'create',
  '--name',
  name,
  '--severity',
  'minor',
  '--service',
  SERVICE,
  '--message',
  message,
];

async function incidentNames(env: NodeJS.ProcessEnv): Promise<string[]> {
  const listed = await runMon(['incidents', 'list', '--status', 'all', '--all', '--json'], { env });
  expect(listed.code).toBe(0);
  return (JSON.parse(listed.stdout) as { name: string }[]).map((incident) => incident.name);
}

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('mon sandbox info', () => {
  it('reads a data file no sandbox serves, without changing it: its monitors, and what `mon sandbox` would serve', async () => {
    const dataFile = join(tempDir('mon-info-'), 'data.jsonl');
    const served = await startSandbox([], { dataFile });
    const banner = monitorsOf(served);
    await served.stop();
    const before = { text: readFileSync(dataFile, 'utf8'), mtime: statSync(dataFile).mtimeMs };

    const info = await infoJson(['sandbox', 'info', '--data', dataFile], cleanEnv());
    expect(info).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      accountId: DEFAULT_ACCOUNT,
      // The data file's own key, which the sandbox served it with.
      apiKey: served.info.apiKey,
      pingUrl: 'http://127.0.0.1:4010/ping',
      // The public pages, where `mon sandbox` would serve them (the private one is not listed).
      statusPages: [
        { name: 'Acme Cloud', url: 'http://127.0.0.1:4010/status/acme-cloud' },
        { name: 'Acme Payments', url: 'http://127.0.0.1:4010/status/acme-payments' },
      ],
      heartbeats: banner.map((monitor) => ({
        name: monitor.name,
        checkId: monitor.checkId,
        pingToken: monitor.pingToken,
        period: monitor.period,
        periodUnit: monitor.periodUnit,
        grace: monitor.grace,
        graceUnit: monitor.graceUnit,
        state: expect.stringMatching(/^(on time|in grace|late|never pinged)$/),
      })),
    });
    // Seeded a moment ago: the busy worker pinged a minute before the seed.
    expect(named(info.heartbeats, 'Queue worker')).toMatchObject({ state: 'on time', period: 5, grace: 1 });

    // Piped: one "key<TAB>value" line each, then one line per monitor.
    const piped = await showing(['sandbox', 'info', '--data', dataFile], cleanEnv());
    expect(piped.code).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'baseUrl\thttp://127.0.0.1:4010',
      `accountId\t${DEFAULT_ACCOUNT}`,
      `apiKey\t${served.info.apiKey}`,
      'pingUrl\thttp://127.0.0.1:4010/ping',
    ]);
    expect(lines).toContain('status-page\tAcme Payments\thttp://127.0.0.1:4010/status/acme-payments');
    const worker = named(banner, 'Queue worker');
    expect(lines).toContain(
      `heartbeat\tQueue worker\ton time\t5 minutes\t1 minute\t${worker.checkId}\t${worker.pingToken}`,
    );

    expect(readFileSync(dataFile, 'utf8')).toBe(before.text);
    expect(statSync(dataFile).mtimeMs).toBe(before.mtime);
    // The file is free to serve: info took no lock.
    const again = await startSandbox([], { dataFile });
    expect(monitorsOf(again).map((monitor) => monitor.pingToken)).toEqual(banner.map((monitor) => monitor.pingToken));
    await again.stop();
  });

  it('while a `mon sandbox` serves the file: the URL and key it serves with, from its lock file', async () => {
    const info = await infoJson(['sandbox', 'info', '--data', sandbox.info.dataFile], cleanEnv());
    expect(info).toMatchObject({
      baseUrl: sandbox.url,
      apiKey: sandbox.info.apiKey,
      accountId: sandbox.info.accountId,
      pingUrl: sandbox.info.pingUrl,
    });
    expect(info.heartbeats.map((monitor) => monitor.checkId)).toEqual(monitorsOf(sandbox).map((m) => m.checkId));
    // The sandbox goes on serving.
    expect((await runMon(['runtimes', 'list'], { env: sandbox.env() })).code).toBe(0);
  });

  it('of the embedded sandbox (--sandbox): its data file, and its server when `mon sandbox` serves it', async () => {
    const env = cleanEnv();
    // A fresh machine: as every --sandbox command, it starts the embedded sandbox on first use.
    const first = await showing(['--sandbox', 'sandbox', 'info', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      `Using the embedded sandbox (sample data; stored in ${join(env.MON_DATA_DIR!, 'sandbox.jsonl')}).`,
    );
    expect(JSON.parse(first.stdout)).toMatchObject({ baseUrl: 'http://127.0.0.1:4010' });
    expect((JSON.parse(first.stdout) as { apiKey: string }).apiKey).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
    // A --data file that is not there is not made by `sandbox info`: it says how.
    const missing = join(env.MON_DATA_DIR!, 'other.jsonl');
    const none = await showing(['sandbox', 'info', '--data', missing], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`There is no sandbox data file at ${missing} yet.`);
    expect(none.stderr).toContain(`\`mon sandbox --data ${missing}\``);

    expect((await runMon(['--sandbox', 'runtimes', 'list'], { env })).code).toBe(0);
    const info = await infoJson(['--sandbox', 'sandbox', 'info'], env);
    expect(info).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', accountId: DEFAULT_ACCOUNT });
    expect(info.apiKey).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
    expect(info.heartbeats.map((monitor) => monitor.name)).toEqual(['Nightly backup', 'Hourly report', 'Queue worker']);

    // The token it shows pings the embedded sandbox's monitor.
    const worker = named(info.heartbeats, 'Queue worker');
    expect((await runMon(['--sandbox', 'heartbeats', 'ping', worker.pingToken], { env })).code).toBe(0);

    const server = await startSandbox([], { dataFile: join(env.MON_DATA_DIR!, 'sandbox.jsonl'), env });
    try {
      const served = await infoJson(['--sandbox', 'sandbox', 'info'], env);
      // The same key as the embedded sandbox's: the data file's own.
      expect(server.info.apiKey).toBe(info.apiKey);
      expect(served).toMatchObject({ baseUrl: server.url, apiKey: server.info.apiKey });
      expect(named(served.heartbeats, 'Queue worker').pingToken).toBe(worker.pingToken);
    } finally {
      await server.stop();
    }
  });

  it('labels the credentials on a terminal, and says how to start the sandbox', async (context) => {
    requireTerminal(context);
    const env = cleanEnv();
    expect((await runMon(['--sandbox', 'runtimes', 'list'], { env })).code).toBe(0);
    const { heartbeats, apiKey } = await infoJson(['--sandbox', 'sandbox', 'info'], env);
    const terminal = inTerminal(['--sandbox', 'sandbox', 'info'], env);
    const result = await terminal.done;
    expect(result.code).toBe(0);
    const screen = result.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(screen).toContain("The sandbox's own credentials (not an account's");
    expect(screen).toContain(`API key:     ${apiKey}`);
    expect(screen).toContain('No `mon sandbox` serves it. To serve it at the base URL below: `mon sandbox`');
    expect(screen).toContain('Base URL:    http://127.0.0.1:4010 (when started)');
    for (const monitor of heartbeats) {
      expect(screen).toContain(`check ID:    ${monitor.checkId}`);
      expect(screen).toContain(`ping token:  ${monitor.pingToken}`);
    }
  });
});

describe('mon sandbox reset', () => {
  it('puts the seeded data back: incidents, monitors (new tokens) and the clock', async () => {
    const dataFile = join(tempDir('mon-reset-'), 'data.jsonl');
    const first = await startSandbox([], { dataFile });
    expect((await runMon(createArgs('Before the reset'), { env: first.env() })).code).toBe(0);
    expect((await runMon(['sandbox', 'clock', 'advance', '2h'], { env: first.env() })).code).toBe(0);
    const seededIncidents = (await incidentNames(first.env())).filter((name) => name !== 'Before the reset');
    const oldTokens = monitorsOf(first).map((monitor) => monitor.pingToken);
    await first.stop();

    const env = cleanEnv();
    const reset = await runMon(['sandbox', 'reset', '--data', dataFile, '--yes'], { env });
    expect(reset.code).toBe(0);
    // --data goes to `reset`, not to `mon sandbox`: the default data file was not touched.
    expect(existsSync(join(env.MON_DATA_DIR!, 'sandbox.jsonl'))).toBe(false);
    expect(reset.stderr).toContain(`${dataFile} holds the sample data again`);
    const info = await infoJson(['sandbox', 'info', '--data', dataFile], cleanEnv());
    expect(info.heartbeats.map((monitor) => monitor.name)).toEqual(['Nightly backup', 'Hourly report', 'Queue worker']);
    expect(info.heartbeats.filter((monitor) => oldTokens.includes(monitor.pingToken))).toEqual([]);
    // The clock is the real one again: the worker is not failing.
    expect(named(info.heartbeats, 'Queue worker').state).toBe('on time');

    const second = await startSandbox([], { dataFile });
    try {
      expect((await incidentNames(second.env())).sort()).toEqual(seededIncidents.sort());
    } finally {
      await second.stop();
    }
  });

  it('refuses while a `mon sandbox` serves the file, naming it (pid and URL), and changes nothing', async () => {
    const before = readFileSync(sandbox.info.dataFile, 'utf8');
    const refused = await runMon(['sandbox', 'reset', '--data', sandbox.info.dataFile, '-y'], { env: cleanEnv() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `is in use by mon sandbox (pid ${sandbox.process.pid} at ${sandbox.url}): it was not reset.`,
    );
    expect(refused.stderr).toContain('Stop that sandbox');
    expect(readFileSync(sandbox.info.dataFile, 'utf8')).toBe(before);
  });

  it('asks on a terminal: "no" changes nothing (exit 1), "yes" resets', async (context) => {
    requireTerminal(context);
    const env = cleanEnv();
    expect((await runMon(['--sandbox', ...createArgs('Kept until the reset')], { env })).code).toBe(0);
    const file = join(env.MON_DATA_DIR!, 'sandbox.jsonl');
    const before = readFileSync(file, 'utf8');

    const declined = inTerminal(['--sandbox', 'sandbox', 'reset'], env);
    await declined.waitFor(`Replace everything in ${file} with the sample data`);
    declined.type('n\r');
    const no = await declined.done;
    expect(no.code).toBe(1);
    expect(no.stdout).toContain('Nothing was changed.');
    expect(readFileSync(file, 'utf8')).toBe(before);

    const accepted = inTerminal(['--sandbox', 'sandbox', 'reset'], env);
    await accepted.waitFor('Replace everything in');
    accepted.type('y\r');
    const yes = await accepted.done;
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain('holds the sample data again');
    expect(await incidentNames({ ...env, MON_SANDBOX: '1' })).not.toContain('Kept until the reset');
  });
});

describe('mon sandbox (the verb that serves) with its new subcommands', () => {
  it('still serves with options, and names its subcommands in its help', async () => {
    // The harness starts every sandbox as `mon sandbox --port 0 --data FILE --json`.
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const help = await runMon(['sandbox', '--help']);
    expect(help.code).toBe(0);
    for (const line of [
      'info [options]',
      'reset [options]',
      'clock',
      'requests [options]',
      'GET /__sandbox/requests',
    ]) {
      expect(help.stdout).toContain(line);
    }
  });
});
