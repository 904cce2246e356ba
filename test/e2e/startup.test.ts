import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runMon, startSandbox, tempDir } from './harness';
import { httpServer, TEST_ACCOUNT, TEST_KEY, type TestServer } from '../helpers';
import { words } from '../words';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * A script given to `node -r` that reports, at exit, the files of dist/ a real `mon ARGS` reads
 * (bin/mon.js, then the bundle and its vendor files, through require or through the start-up's
 * own reading for its code cache), the network and terminal modules of Node it loaded, and every
 * listener added to or removed from an AbortSignal and every AbortSignal.any or .timeout (Node
 * compiles its EventTarget machinery on the first: ~2.7 M instructions, src/signals.ts).
 */
function tracer(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mon-startup-')), 'trace.cjs');
  writeFileSync(
    file,
    `const fs = require('node:fs'); const Module = require('node:module'); const seen = new Set();
const note = (file) => { const at = String(file).split('/dist/')[1]; if (at !== undefined) seen.add(at.replace(/^\\.\\//, '')); };
const read = fs.readFileSync; fs.readFileSync = function (file, ...rest) { note(file); return read.call(this, file, ...rest); };
const open = fs.openSync; fs.openSync = function (file, ...rest) { note(file); return open.call(this, file, ...rest); };
const load = Module._load; Module._load = function (request, parent, ...rest) { if (request.includes('vendor/') || request.includes('/dist/')) note(request.includes('/dist/') ? request : '/dist/' + request.replace(/^\\.\\//, '')); return load.call(this, request, parent, ...rest); };
const builtins = () => process.moduleLoadList.filter((m) => /^NativeModule (net|tls|https|_tls_wrap|crypto|tty)$/.test(m)).map((m) => m.slice(13));
const aborts = []; const target = EventTarget.prototype;
for (const name of ['addEventListener', 'removeEventListener']) { const real = target[name]; target[name] = function (...args) { if (this instanceof AbortSignal) aborts.push(name); return real.apply(this, args); }; }
for (const name of ['any', 'timeout']) { const real = AbortSignal[name]; AbortSignal[name] = function (...args) { aborts.push('AbortSignal.' + name); return real.apply(this, args); }; }
process.on('exit', () => process.stderr.write('\\nDIST ' + JSON.stringify({ read: [...seen], builtins: builtins(), aborts }) + '\\n'));
`,
  );
  return file;
}

interface Trace {
  read: string[];
  builtins: string[];
  /** What touched an AbortSignal's listeners, in order ("addEventListener", "AbortSignal.any", ...). */
  aborts: string[];
}

function traceOf(line: string, stderr: string): Trace {
  const trace = stderr.split('\n').find((text) => text.startsWith('DIST '));
  if (!trace) throw new Error(`mon ${line}: no trace (${stderr})`);
  return JSON.parse(trace.slice(5)) as Trace;
}

const traceEnv = (env: NodeJS.ProcessEnv = {}) => ({
  PATH: process.env.PATH,
  HOME: tmpdir(),
  MON_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mon-config-')),
  MON_CACHE_DIR: mkdtempSync(join(tmpdir(), 'mon-cache-')),
  ...env,
});

function distFilesRead(line: string): string[] {
  const result = spawnSync(process.execPath, ['-r', tracer(), BIN, ...words(line)], {
    encoding: 'utf8',
    env: traceEnv(),
  });
  return traceOf(line, result.stderr).read;
}

/** `mon LINE` run to its end without blocking (a server of the test answers it): its output and its trace. */
function traceRun(line: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['-r', tracer(), BIN, ...words(line)], { env: traceEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; trace: Trace }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr, trace: traceOf(line, stderr) })),
  );
}

describe('what a start-up reads of dist/', () => {
  const HEAVY = [
    'vendor/zod.cjs',
    'vendor/undici.cjs',
    'vendor/cli-table3.cjs',
    'vendor/conf.cjs',
    'vendor/prompts.cjs',
  ];

  it('--version reads none of dist/ (bin/mon.js answers it)', () => {
    expect(distFilesRead('--version')).toEqual([]);
  });

  it.each(['--help', 'incidents --help', 'completion bash', 'completion fish'])(
    'mon %s loads the bundle and none of zod, undici, cli-table3, conf or the prompts',
    (line) => {
      const read = distFilesRead(line);
      expect(read).toContain('launch.cjs');
      expect(read).toContain('mon.cjs');
      expect(read.filter((file) => HEAVY.includes(file))).toEqual([]);
    },
  );

  it("a bad value is worded by its flag kind's converter, without zod (the wrong-shape cases below see zod loaded)", () => {
    const result = spawnSync(process.execPath, ['-r', tracer(), BIN, 'completion', 'tcsh'], {
      encoding: 'utf8',
      env: traceEnv(),
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('shell must be one of bash, zsh or fish (got "tcsh")');
    expect(traceOf('completion tcsh', result.stderr).read.filter((file) => HEAVY.includes(file))).toEqual([]);
  });
});

describe('what an API call loads', () => {
  // A page as the API sends it, with what a schema would reorder or drop: it is printed as received.
  const INCIDENT =
    '{"name":"Outage","severity":"MINOR","id":"8d1fd47f-f562-4c5b-8802-729d95299c47","services":[{"id":"0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01","name":"Public API"}],' +
    '"incidentUpdates":[{"id":"3ee9480f-1233-47da-b464-3033f622786e","description":"m","status":"INVESTIGATING","publicIncidentUpdateDate":"2026-11-25T12:39:46.083Z","created_at":"2026-11-25","notifySubscribers":false}],' +
    '"lastUpdateStatus":"INVESTIGATING","duration":null,"created_at":"2026-11-25","updated_at":"2026-11-25","score":1.50,"extra":{"b":1,"a":2}}';
  const PAGE = `{"length":1,"entries":[${INCIDENT}],"nextId":null}`;
  let server: TestServer;
  let answer = PAGE;
  beforeAll(async () => {
    server = await httpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  afterAll(() => server.close());
  const env = () => ({ MON_BASE_URL: server.url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT });
  const LIST = 'incidents list --status all --limit 20 --json';

  it('incidents list --status all --json over http:// without a proxy, piped: no zod, no undici, no node:tls, no node:tty, no listener on an AbortSignal; the page printed as received', async () => {
    answer = PAGE;
    const { code, stdout, trace } = await traceRun(LIST, env());
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(PAGE));
    expect(stdout).toContain('"score": 1.50');
    expect(stdout.indexOf('"b"')).toBeLessThan(stdout.indexOf('"a"'));
    expect(server.received.at(-1)?.url).toBe('/v1/status-pages/incidents?limit=20');
    expect(trace.read.filter((file) => file.startsWith('vendor/'))).toEqual([]);
    expect(trace.builtins.filter((name) => name !== 'net')).toEqual([]);
    // Ctrl-C, SIGTERM and the deadline are mon's own Cancellation (test/e2e/hostile-signals.test.ts ends such calls).
    expect(trace.aborts).toEqual([]);
  });

  it('values to convert (a time, an ID, an enum in another case, short flags) load no zod either', async () => {
    answer = PAGE;
    const { code, trace } = await traceRun(
      'incidents list -s ALL -L20 --since 2h --next-id 3ee9480f-1233-47da-b464-3033f622786e --json',
      env(),
    );
    expect(code).toBe(0);
    expect(trace.read.filter((file) => file.startsWith('vendor/'))).toEqual([]);
  });

  it('a page of the wrong shape loads the schema to say what is wrong (exit 1)', async () => {
    answer = '{"length":1,"entries":"none","nextId":null}';
    const { code, stdout, stderr, trace } = await traceRun(LIST, env());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('with a body that is not what the API describes (entries:');
    expect(trace.read).toContain('vendor/zod.cjs');
  });

  const TOKEN = '9cb8dece-5ad5-4d72-a501-bca40a25446e';
  const CHECKS =
    '[{"id":"59b8db68-0d54-452b-b19f-042b2aecdc44","name":"Hourly report","checkType":"HEARTBEAT","tags":[],"extra":{"b":1,"a":2},' +
    `"heartbeat":{"period":1,"periodUnit":"hours","grace":5,"graceUnit":"minutes","pingToken":"${TOKEN}","pingUrl":"https://ping.example/${TOKEN}"}}]`;

  it('checks list --json: no zod, no undici; the page printed as received, its ping tokens masked', async () => {
    answer = CHECKS;
    const { code, stdout, trace } = await traceRun('checks list --limit 20 --json', env());
    expect(code).toBe(0);
    expect(server.received.at(-1)?.url).toBe('/v1/checks?limit=20&page=1');
    const [check] = JSON.parse(stdout) as { heartbeat: { pingToken: string; pingUrl: string } }[];
    expect(check!.heartbeat).toMatchObject({ pingToken: '…446e', pingUrl: 'https://ping.example/…446e' });
    expect(stdout).not.toContain(TOKEN);
    expect(stdout.indexOf('"b"')).toBeLessThan(stdout.indexOf('"a"'));
    expect(trace.read.filter((file) => file.startsWith('vendor/'))).toEqual([]);
  });

  it('status, piped: three answers read and judged (requests in parallel), an open incident shown, without zod, undici, node:tls, node:tty or a listener on an AbortSignal', async () => {
    const answers: Record<string, string> = {
      '/v1/status-pages/incidents?limit=100': PAGE,
      '/v1/check-statuses': '[null]',
      '/v1/checks?checkType=HEARTBEAT&limit=100&page=1': CHECKS,
    };
    const routed = await httpServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(answers[req.url ?? ''] ?? '{}'),
    );
    try {
      const { code, stdout, trace } = await traceRun('status', { ...env(), MON_BASE_URL: routed.url });
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Open incidents \(1\)\n {2}8d1fd47f {2}MINOR +INVESTIGATING . Outage/);
      expect(routed.received.map((request) => request.url).sort()).toEqual(Object.keys(answers).sort());
      expect(trace.read.filter((file) => file.startsWith('vendor/'))).toEqual([]);
      expect(trace.builtins.filter((name) => name !== 'net')).toEqual([]);
      expect(trace.aborts).toEqual([]);
    } finally {
      await routed.close();
    }
  });

  it('a write (incidents create, a GET then a POST): the incident opened, no listener on an AbortSignal', async () => {
    const sandbox = await startSandbox();
    try {
      const { code, stdout, trace } = await traceRun(
        'incidents create --name Cancelled --severity minor --service 0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01 -m Investigating --json',
        sandbox.env(),
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ name: 'Cancelled', severity: 'MINOR' });
      expect((await sandbox.requests()).map((request) => request.method)).toEqual(['GET', 'POST']);
      expect(trace.aborts).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });

  it('checks list --json: a page of the wrong shape loads the schema to say what is wrong (exit 1)', async () => {
    answer = '[{"name":"no ID"}]';
    const { code, stdout, stderr, trace } = await traceRun('checks list --json', env());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('with a body that is not what the API describes');
    expect(trace.read).toContain('vendor/zod.cjs');
  });
});

describe('the rarely used commands: dist/rare.cjs, loaded on first use (scripts/rare.mjs)', () => {
  it('is read by none of an API call, a help or a kept completion script', async () => {
    const server = await httpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"length":0,"entries":[],"nextId":null}'),
    );
    try {
      const env = { MON_BASE_URL: server.url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT };
      const list = await traceRun('incidents list --json', env);
      expect(list.code, list.stderr).toBe(0);
      expect(list.trace.read).toContain('mon.cjs');
      expect(list.trace.read).not.toContain('rare.cjs');
    } finally {
      await server.close();
    }
    expect(distFilesRead('incidents --help')).not.toContain('rare.cjs');
    // A completion script is generated by rare.cjs the first time, then printed as kept.
    const env = traceEnv();
    const run = () =>
      traceOf(
        'completion bash',
        spawnSync(process.execPath, ['-r', tracer(), BIN, 'completion', 'bash'], { encoding: 'utf8', env }).stderr,
      ).read;
    expect(run()).toContain('rare.cjs');
    const kept = run();
    expect(kept).not.toContain('rare.cjs');
    expect(kept).not.toContain('mon.cjs');
    // Printed by dist/start.cjs itself: not even the launch is read.
    expect(kept).not.toContain('launch.cjs');
  });

  it("runs on mon.cjs's modules: its key masked in what rare code prints, its error classes recognised both ways", async () => {
    const server = await httpServer((req, res) =>
      req.method === 'POST'
        ? res
            .writeHead(405, { 'content-type': 'application/json', 'x-request-id': 'req-1' })
            .end(JSON.stringify({ message: `no POST here for ${TEST_KEY}` }))
        : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: TEST_KEY })),
    );
    try {
      const env = { MON_BASE_URL: server.url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT };
      const masked = `sk_…${TEST_KEY.slice(-4)}`;
      // The key registered by mon.cjs (core/context.ts) is masked in the body rare code (commands/api/api.ts) prints.
      const echo = await traceRun('api /v1/echo', env);
      expect(echo.code, echo.stderr).toBe(0);
      expect(JSON.parse(echo.stdout)).toEqual({ echo: masked });
      expect(echo.trace.read).toContain('rare.cjs');
      // mon.cjs's client throws its ApiError; rare code recognises it (instanceof) and throws another
      // with a hint, which mon.cjs's main.ts recognises in turn: its exit code, message and hint.
      const refused = await traceRun('api /v1/things -f name=x', env);
      expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' });
      expect(refused.stderr).toContain(
        `error: The server refused POST /v1/things (405 Method Not Allowed: no POST here for ${masked}). (request ID req-1)\n` +
          'Fields (-f, -F) make the request a POST unless -X says otherwise: add -X GET to send them as the query of a GET.\n',
      );
      expect(refused.stderr).not.toContain(TEST_KEY);
      // A UsageError thrown by rare code: exit 2 with its message, nothing sent.
      const sent = server.received.length;
      const url = await traceRun('api https://elsewhere.example/v1/x', env);
      expect(url.code).toBe(2);
      expect(url.stderr).toContain(
        'error: PATH must be a path on the API (like /v1/runtimes), not a URL: "https://elsewhere.example/v1/x".\n' +
          'The key is only ever sent to the configured base URL (`mon auth status` shows it).\n',
      );
      expect(server.received).toHaveLength(sent);
    } finally {
      await server.close();
    }
  });
});

describe('--version', () => {
  it('prints the version (bin/mon.js answers it)', async () => {
    expect((await runMon('--version')).stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
  });

  it('answers --version without loading the rest of mon: it runs with no dist/ at all, and compiles nothing', () => {
    // bin/ and package.json alone, as if the bundle were missing.
    const root = tempDir();
    mkdirSync(join(root, 'bin'));
    copyFileSync(BIN, join(root, 'bin', 'mon.js'));
    copyFileSync(join(dirname(BIN), 'package.json'), join(root, 'bin', 'package.json'));
    copyFileSync(join(dirname(BIN), '..', 'package.json'), join(root, 'package.json'));
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const run = (args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin', 'mon.js'), ...args], { env, encoding: 'utf8' });
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
    expect(version.stderr).toBe('');
    expect(existsSync(env.MON_CACHE_DIR!) ? filesUnder(env.MON_CACHE_DIR!) : []).toEqual([]);
    // Anything else needs the bundle, which this copy does not have.
    expect(run(['runtimes', '--help']).status).not.toBe(0);
  });
});

describe('a start-up that cannot go on', () => {
  it('--version to a full disk (/dev/full): one line saying so, exit 1; a reader that went away is no error', (ctx) => {
    if (process.platform !== 'linux') ctx.skip('needs /dev/full (Linux)');
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, '--version'], {
        env: cleanEnv(),
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 1,
        stderr: 'error: cannot write to stdout: no space left on device\n',
      });
    } finally {
      closeSync(full);
    }
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --version | true`], {
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect({ status: piped.status, stderr: piped.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it.each(['start.cjs', 'launch.cjs', 'mon.cjs', 'rare.cjs'])(
    'without dist/%s: says the build is missing and how to make it, exit 1',
    (missing) => {
      const root = tempDir();
      cpSync(join(dirname(BIN)), join(root, 'bin'), { recursive: true });
      cpSync(join(dirname(BIN), '..', 'dist'), join(root, 'dist'), { recursive: true });
      copyFileSync(join(dirname(BIN), '..', 'package.json'), join(root, 'package.json'));
      rmSync(join(root, 'dist', missing));
      const result = spawnSync(process.execPath, [join(root, 'bin', 'mon.js'), 'runtimes', '--help'], {
        env: cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') }),
        encoding: 'utf8',
      });
      expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: 'mon: the build output (dist/) is missing. Run `npm run build` (or `npm ci`) first.\n',
      });
    },
  );
});

describe('help', () => {
  it('answers --help for every top-level command, and a verb, with examples (every verb in-process: test/core/help.test.ts)', async () => {
    const env = cleanEnv();
    const top = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env });
    const nouns = [...top.split('\n\nExamples:')[0]!.matchAll(/^ {2}([a-z][a-z-]*)(?: \S+)* {2,}/gm)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'help');
    expect(nouns).toEqual(
      expect.arrayContaining(['incidents', 'checks', 'heartbeats', 'runtimes', 'status-pages', 'api']),
    );
    // The binary builds only the subtree a command line asks for: each noun's help is its own path.
    const helps = await Promise.all(nouns.map((noun) => runMon(`${noun} --help`, { env })));
    helps.forEach((help, index) => {
      expect(help.code, nouns[index]).toBe(0);
      expect(help.stdout, nouns[index]).toMatch(new RegExp(`^Usage: mon ${nouns[index]}`));
      expect(help.stdout, nouns[index]).toMatch(/\nExamples:\n {2}\$ .*\bmon /);
    });
    const verb = execFileSync(process.execPath, [BIN, 'status-pages', 'list', '--help'], { encoding: 'utf8', env });
    expect(verb).toContain('--limit <n>');
    expect(verb).toContain('Examples:');
    expect(verb).toContain('Global options: --version, --profile');
    expect(verb).toContain('--json');
  });
});
