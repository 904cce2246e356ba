/**
 * The sandbox as a product (issue 21): `mon sandbox info`, `reset`, `clock advance` and
 * `requests`, and pings recorded as the service records them, end to end: the real bin/mon.js
 * against real `mon sandbox` processes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  collect,
  hasScript,
  inTerminal,
  leakedSecrets,
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

async function latestEvent(sandbox: SandboxProcess, checkId: string): Promise<{ state: string; userAgent: string }> {
  const events = await runMon(['heartbeats', 'events', checkId, '--limit', '1', '--json'], { env: sandbox.env() });
  expect(events.code).toBe(0);
  return (JSON.parse(events.stdout) as { events: { state: string; userAgent: string }[] }[])[0]!.events[0]!;
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

  it.skipIf(!hasScript)('labels the credentials on a terminal, and says how to start the sandbox', async () => {
    const env = cleanEnv();
    expect((await runMon(['--sandbox', 'runtimes', 'list'], { env })).code).toBe(0);
    const { heartbeats, apiKey } = await infoJson(['--sandbox', 'sandbox', 'info'], env);
    const terminal = inTerminal(['--sandbox', 'sandbox', 'info'], env);
    const result = await terminal.done;
    expect(result.code).toBe(0);
    const screen = result.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(screen).toContain("The sandbox's own credentials (not an account's");
    expect(screen).toContain(`API key:     ${apiKey}`);
    expect(screen).toContain('No `mon sandbox` serves it now. To serve it at the base URL below: mon sandbox');
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

  it('never replaces a file that is not a sandbox journal (a mistyped --data), and info reports it', async () => {
    const notes = join(tempDir('mon-notes-'), 'notes.json');
    writeFileSync(notes, '{"mine": "keep me"}\n');
    const reset = await runMon(['sandbox', 'reset', '--data', notes, '--yes'], { env: cleanEnv() });
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain(`${notes} is not a mon sandbox data file: it was left as it is.`);
    const info = await runMon(['sandbox', 'info', '--data', notes], { env: cleanEnv() });
    expect(info.code).toBe(1);
    expect(info.stderr).toContain(`${notes} is not a mon sandbox data file`);
    expect(info.stderr).not.toContain('unexpected');
    expect(readFileSync(notes, 'utf8')).toBe('{"mine": "keep me"}\n');
  });

  it('without a terminal asks for --yes (exit 2) and changes nothing', async () => {
    const env = cleanEnv();
    expect((await runMon(['--sandbox', 'runtimes', 'list'], { env })).code).toBe(0);
    const file = join(env.MON_DATA_DIR!, 'sandbox.jsonl');
    const before = readFileSync(file, 'utf8');
    const refused = await runMon(['--sandbox', 'sandbox', 'reset'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('there is no terminal to confirm on');
    expect(refused.stderr).toContain('Pass --yes (-y) to reset without asking.');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it.skipIf(!hasScript)('asks on a terminal: "no" changes nothing (exit 1), "yes" resets', async () => {
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

describe('mon sandbox clock advance', () => {
  it("turns the Queue worker's latest event to FAILING, and the offset survives a restart", async () => {
    const dataFile = join(tempDir('mon-clock-'), 'data.jsonl');
    const own = await startSandbox([], { dataFile });
    const worker = named(monitorsOf(own), 'Queue worker');
    try {
      expect((await latestEvent(own, worker.checkId)).state).toBe('RECEIVED');
      const advanced = await runMon(['sandbox', 'clock', 'advance', '2h'], { env: own.env() });
      expect(advanced.code).toBe(0);
      expect(advanced.stderr).toMatch(
        /✓ The sandbox clock moved forward 2h: it is now \S+ \(2h ahead of the real time\)\./,
      );
      expect(Date.parse(advanced.stdout.trim()) - Date.now()).toBeGreaterThan(7_000_000);
      expect((await latestEvent(own, worker.checkId)).state).toBe('FAILING');
      const info = await infoJson(['sandbox', 'info', '--data', dataFile], cleanEnv());
      expect(named(info.heartbeats, 'Queue worker').state).toBe('late');

      // A ping ends the outage.
      expect((await runMon(['heartbeats', 'ping', worker.pingToken], { env: own.env() })).code).toBe(0);
      expect((await latestEvent(own, worker.checkId)).state).toBe('LATE');
      const up = await infoJson(['sandbox', 'info', '--data', dataFile], cleanEnv());
      expect(named(up.heartbeats, 'Queue worker').state).toBe('on time');
    } finally {
      await own.stop();
    }
    const restarted = await startSandbox([], { dataFile });
    try {
      const json = await runMon(['sandbox', 'clock', 'advance', '1m', '--json'], { env: restarted.env() });
      expect(JSON.parse(json.stdout)).toMatchObject({ offsetSeconds: 2 * 3600 + 60 });
    } finally {
      await restarted.stop();
    }
  });

  it('moves the embedded sandbox (--sandbox) clock, kept in its data file', async () => {
    const env = cleanEnv({ MON_SANDBOX: '1' });
    const advanced = await runMon(['sandbox', 'clock', 'advance', '90m'], { env });
    expect(advanced.code).toBe(0);
    expect(advanced.stderr).toContain('moved forward 1h 30m');
    const info = await infoJson(['sandbox', 'info'], env);
    const worker = named(info.heartbeats, 'Queue worker');
    expect(worker.state).toBe('late');
    const events = await runMon(['heartbeats', 'events', worker.checkId, '--limit', '1', '--json'], { env });
    expect(JSON.parse(events.stdout)[0].events[0].state).toBe('FAILING');
  });

  it('refuses a DURATION that is not one, or over 100 years (exit 2), and sends nothing', async () => {
    await sandbox.clearRequests();
    for (const [words, rule] of [
      [['2x'], 'DURATION must be a duration like 90s, 30m, 2h, 7d or 2w (got "2x")'],
      [['--', '-2h'], 'DURATION must be a duration like 90s, 30m, 2h, 7d or 2w (got "-2h")'],
      [['40000d'], 'DURATION must be at most 100 years (got "40000d")'],
    ] as const) {
      const result = await runMon(['sandbox', 'clock', 'advance', ...words], { env: sandbox.env() });
      expect(result.code, words.join(' ')).toBe(2);
      expect(result.stderr, words.join(' ')).toContain(rule);
    }
    const after = await sandbox.call('POST', '/__sandbox/clock', { advanceSeconds: 0 });
    expect(after.body).toMatchObject({ offsetSeconds: 0 });
  });
});

describe('mon sandbox requests', () => {
  it('shows a create with the API key redacted and a ping token masked; --json is [{method, path, status, time, body}]', async () => {
    await sandbox.clearRequests();
    const key = sandbox.info.apiKey;
    const worker = named(monitorsOf(sandbox), 'Queue worker');
    expect((await runMon(createArgs('Logged create', `the key was ${key}`), { env: sandbox.env() })).code).toBe(0);
    expect((await runMon(['heartbeats', 'ping', worker.pingToken], { env: sandbox.env() })).code).toBe(0);

    // runMon fails any run that prints the key or a ping token: these cannot show them.
    const json = await runMon(['sandbox', 'requests', '--json'], { env: sandbox.env() });
    expect(json.code).toBe(0);
    const shown = JSON.parse(json.stdout) as Record<string, unknown>[];
    const create = shown.find((entry) => entry.method === 'POST' && entry.path === '/v1/status-pages/incidents')!;
    expect(Object.keys(create)).toEqual(['method', 'path', 'status', 'time', 'body']);
    expect(create).toMatchObject({
      status: 201,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      body: { name: 'Logged create', incidentUpdates: [{ description: 'the key was [redacted]' }] },
    });
    const ping = shown.at(-1)!;
    expect(ping).toEqual({
      method: 'POST',
      path: `/ping/…${worker.pingToken.slice(-4)}`,
      status: 200,
      time: expect.any(String),
      body: null,
    });

    const piped = await runMon(['sandbox', 'requests', '--limit', '2'], { env: sandbox.env() });
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      create.time,
      'POST',
      '/v1/status-pages/incidents',
      '201',
      expect.stringContaining('"description":"the key was [redacted]"'),
    ]);
    expect(rows[1]!.slice(1, 4)).toEqual(['POST', `/ping/…${worker.pingToken.slice(-4)}`, '200']);
  });

  it('against a server that is not a mon sandbox: "this is not a mon sandbox", exit 6', async () => {
    const server: Server = createServer((req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not Found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const env = cleanEnv({ MON_BASE_URL: url, MON_API_KEY: 'sk_real_0123456789abcdef' });
      for (const args of [
        ['sandbox', 'requests'],
        ['sandbox', 'clock', 'advance', '2h'],
      ]) {
        const result = await runMon(args, { env });
        expect(result.code, args.join(' ')).toBe(6);
        expect(result.stderr, args.join(' ')).toContain(`${url} is not a mon sandbox`);
        expect(result.stderr, args.join(' ')).toContain('Point MON_BASE_URL');
      }
    } finally {
      server.close();
    }
  });

  it('needs the API key like the API (exit 4 with another key)', async () => {
    const result = await runMon(['sandbox', 'requests'], {
      env: sandbox.env({ MON_API_KEY: 'sk_wrong_0123456789ab' }),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Authentication failed: the key from MON_API_KEY was rejected (401');
  });
});

describe('pings as the service records them', () => {
  it('answers link-preview bots (Slackbot, Googlebot) with 200 but does not record them; curl is recorded with its Origin', async () => {
    const worker = named(monitorsOf(sandbox), 'Hourly report');
    const ping = (userAgent: string, headers: Record<string, string> = {}) =>
      fetch(`${sandbox.info.pingUrl}/${worker.pingToken}`, { headers: { 'user-agent': userAgent, ...headers } });

    const curl = await ping('curl/8.5.0', { origin: 'https://ci.example.com' });
    expect(curl.status).toBe(200);
    for (const bot of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ]) {
      const answer = await ping(bot);
      expect(answer.status, bot).toBe(200);
      expect(await answer.json(), bot).toEqual({ ok: true });
    }
    const events = await runMon(['heartbeats', 'events', worker.checkId, '--limit', '2', '--json'], {
      env: sandbox.env(),
    });
    const [newest, previous] = JSON.parse(events.stdout)[0].events as { userAgent: string; source: string }[];
    expect(newest).toMatchObject({ userAgent: 'curl/8.5.0', source: 'https://ci.example.com' });
    expect(previous!.userAgent).not.toMatch(/bot/i);

    const referred = await ping('Wget/1.21', { referer: 'https://jobs.example.com/nightly' });
    expect(referred.status).toBe(200);
    expect((await latestEvent(sandbox, worker.checkId)).userAgent).toBe('Wget/1.21');
    const latest = JSON.parse(
      (await runMon(['heartbeats', 'events', worker.checkId, '--limit', '1', '--json'], { env: sandbox.env() })).stdout,
    )[0].events[0];
    expect(latest.source).toBe('https://jobs.example.com/nightly');

    for (const method of ['HEAD', 'PUT', 'DELETE']) {
      const refused = await fetch(`${sandbox.info.pingUrl}/${worker.pingToken}`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow'), method).toBe('POST, GET');
    }
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
