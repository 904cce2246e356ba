/**
 * End-to-end harness: runs the real bin/mon.js (the build in dist/) as a child process,
 * against `mon sandbox` spawned on a free port with its own data file. Every run gets its
 * own temporary HOME, config dir and data dir, and an environment without the developer's
 * MON_* variables or proxies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, type TestContext } from 'vitest';
import { assertTrafficMatchesOpenApi } from '../openapi';
import { has, missingTool, requireTool } from '../tools';
import { NETWORK_MS, WAIT_MS } from '../timeouts';
import type { LoggedRequest } from '../../src/sandbox/request-log';
import { argv } from '../words';

export { closedPort, type ClosedPort } from '../ports';

export const BIN = fileURLToPath(new URL('../../bin/mon.js', import.meta.url));

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'mon-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** The run's one code cache (test/global-setup.ts): every process compiling mon afresh would slow the suite down. */
const codeCache = inject('codeCache');

/** A clean environment: nothing of the developer's MON_*, proxies or colour settings. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const home = tempDir('mon-home-');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    MON_CONFIG_DIR: join(home, 'config'),
    MON_DATA_DIR: join(home, 'data'),
    MON_CACHE_DIR: codeCache,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** How long before giving up on mon (default WAIT_MS: only a hang ends there). */
  timeoutMs?: number;
}

/**
 * Secrets the suite knows: every sandbox's API key and ping tokens, and any key a test
 * registers. Every output of every `runMon` is checked against them: a secret that shows up
 * in stdout or stderr fails the test that printed it. They are kept per test file: the files
 * of a worker share this module (vitest.config.ts, `isolate: false`), and one file's secret
 * (a fixed key it gives a sandbox, say) may be another's example text.
 */
const secretsByFile = new Map<string, Set<string>>();
function secrets(): Set<string> {
  const file = expect.getState().testPath ?? '';
  let known = secretsByFile.get(file);
  if (!known) secretsByFile.set(file, (known = new Set()));
  return known;
}
export function registerSecret(secret: string): void {
  if (secret.length >= 8) secrets().add(secret);
}
export function leakedSecrets(text: string): string[] {
  return [...secrets()].filter((secret) => text.includes(secret));
}

/**
 * Runs `mon ARGS` to completion: the command line as typed (`runMon('incidents list --all')`,
 * split as a shell splits it, test/words.ts) or its words. Pass `env` from `cleanEnv()` /
 * `sandbox.env()`.
 */
export async function runMon(line: string | readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const args = argv(line);
  const env = options.env ?? cleanEnv();
  if (env.MON_API_KEY) registerSecret(env.MON_API_KEY);
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const result = await collect(child, options);
  const leaked = leakedSecrets(result.stdout + result.stderr);
  if (leaked.length) {
    throw new Error(
      `mon ${args.join(' ')} printed a secret (${leaked.map((s) => `${s.slice(0, 6)}…`).join(', ')}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

export function collect(child: ChildProcess, options: { input?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? WAIT_MS;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mon did not finish within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface SandboxInfo {
  baseUrl: string;
  pingUrl: string;
  accountId: string;
  apiKey: string;
  dataFile: string;
  [more: string]: unknown;
}

export interface SandboxProcess {
  info: SandboxInfo;
  url: string;
  process: ChildProcess;
  /** stderr of the sandbox so far. */
  stderr(): string;
  /** An environment for runMon that points at this sandbox, with its own config dir. */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  /** Every request the sandbox received (GET /__sandbox/requests). */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Moves the sandbox clock forward. */
  advanceClock(seconds: number): Promise<void>;
  /** An authenticated call to the sandbox, bypassing mon (to set up or inspect state). */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  stop(signal?: NodeJS.Signals): Promise<RunResult>;
}

/** Starts `mon sandbox --port 0 --json` with its own data file and waits for its banner. */
export async function startSandbox(
  args: string[] = [],
  options: { dataFile?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<SandboxProcess> {
  const dataFile = options.dataFile ?? join(tempDir('mon-sandbox-'), 'data.jsonl');
  // Its key is its data file's own, random (unless args say --api-key): the secret check of runMon means something.
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--data', dataFile, '--json', ...args], {
    env: options.env ?? cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<RunResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  const info = await new Promise<SandboxInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${stderr}`)), WAIT_MS);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as SandboxInfo);
        } catch (error) {
          reject(error);
        }
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}: ${stderr}`));
    });
  });
  registerSecret(info.apiKey);
  for (const monitor of (info.heartbeats as Record<string, unknown>[] | undefined) ?? []) {
    for (const [field, value] of Object.entries(monitor)) {
      if (/token/i.test(field) && typeof value === 'string') registerSecret(value);
    }
  }
  const auth = { authorization: `Bearer ${info.apiKey}` };
  /**
   * The test's own requests to the sandbox, each on a connection of its own: a kept-alive one
   * the sandbox closes (idle for its keep-alive time, 5 s) just as a request goes out fails with
   * "other side closed", which a loaded machine makes likely during a screen test's waits.
   */
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = httpRequest(
        info.baseUrl + path,
        {
          method,
          agent: false,
          headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  /**
   * Every exchange so far, to be checked against the public OpenAPI description when the log
   * is cleared or the sandbox stops; undefined when the test itself has stopped the sandbox.
   */
  const trafficSoFar = async (): Promise<LoggedRequest[] | undefined> => {
    if (child.exitCode !== null || child.signalCode !== null) return undefined;
    return sandbox.requests().catch(() => undefined);
  };
  const sandbox: SandboxProcess = {
    info,
    url: info.baseUrl,
    process: child,
    stderr: () => stderr,
    env(extra = {}) {
      return cleanEnv({
        MON_BASE_URL: info.baseUrl,
        MON_API_KEY: info.apiKey,
        MON_ACCOUNT_ID: info.accountId,
        MON_PING_URL: info.pingUrl,
        ...extra,
      });
    },
    async requests() {
      return (await call('GET', '/__sandbox/requests')).body as LoggedRequest[];
    },
    async clearRequests() {
      const log = await trafficSoFar();
      await call('DELETE', '/__sandbox/requests');
      // After the clear: a departure fails the test it happened in, not every later one.
      if (log) assertTrafficMatchesOpenApi(log);
    },
    async advanceClock(seconds) {
      await call('POST', '/__sandbox/clock', { advanceSeconds: seconds });
    },
    call,
    async stop(signal = 'SIGTERM') {
      const log = await trafficSoFar();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const result = await exited;
      if (log) assertTrafficMatchesOpenApi(log);
      // Its banner (stdout) shows its own credentials; its log on stderr must show none.
      const leaked = leakedSecrets(result.stderr);
      if (leaked.length)
        throw new Error(
          `the sandbox printed a secret on stderr (${leaked.map((s) => `${s.slice(0, 6)}…`).join(', ')}):\n${result.stderr}`,
        );
      return result;
    },
  };
  running.add(sandbox);
  void exited.then(() => running.delete(sandbox));
  return sandbox;
}

/**
 * An open incident on one service, made on the sandbox directly as a test's set-up (the log of
 * requests is cleared after it): the incident as the sandbox answered.
 */
export async function openIncident(
  sandbox: SandboxProcess,
  incident: {
    name: string;
    severity?: string;
    service: { id: string; name: string };
    description?: string;
    notify?: boolean;
  },
): Promise<{ id: string; incidentUpdates: { id: string; publicIncidentUpdateDate: string }[] }> {
  const created = await sandbox.call('POST', '/v1/status-pages/incidents', {
    name: incident.name,
    severity: incident.severity ?? 'MAJOR',
    services: [{ ...incident.service, accountId: sandbox.info.accountId }],
    incidentUpdates: [
      {
        description: incident.description ?? `${incident.name} began`,
        status: 'INVESTIGATING',
        notifySubscribers: incident.notify ?? false,
      },
    ],
  });
  if (created.status !== 201) throw new Error(`could not open an incident: ${JSON.stringify(created.body)}`);
  await sandbox.clearRequests();
  return created.body as { id: string; incidentUpdates: { id: string; publicIncidentUpdateDate: string }[] };
}

const running = new Set<SandboxProcess>();
process.on('exit', () => {
  for (const sandbox of running) sandbox.process.kill('SIGKILL');
});

/**
 * How the sandbox's request log shows a ping to `token`: masked, as every credential in it
 * (sandbox/redact.ts). A test names a ping by it.
 */
export function loggedPingPath(token: string): string {
  return `/ping/…${token.slice(-4)}`;
}

/** util-linux `script`, which runs a command on a pseudo-terminal (Linux CI has it). */
export const hasScript = process.platform === 'linux' && has('script');

/**
 * Call first in a test that uses `inTerminal` (or `script` itself): skips it, saying why,
 * where util-linux `script` cannot be had (macOS has a BSD `script` with other options);
 * on Linux a missing `script` is a skip for a developer and a failure under CI.
 */
export function requireTerminal(context: Pick<TestContext, 'skip'>): void {
  if (process.platform !== 'linux') {
    context.skip('needs util-linux `script` (Linux) to run mon on a pseudo-terminal');
  }
  requireTool(context, 'script', { present: hasScript, install: 'apt-get install bsdutils (util-linux script)' });
}

const shellQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

export interface TerminalRun {
  /** Everything the terminal showed so far (stdout and stderr together, as on a screen). */
  screen(): string;
  /** Resolves once the screen shows `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Types on the keyboard: "\r" is Enter, "\x03" is Ctrl-C. */
  type(keys: string): void;
  done: Promise<RunResult>;
}

/**
 * Runs `mon ARGS` on a pseudo-terminal: stdin, stdout and stderr are all a TTY, so prompts,
 * tables and colours behave as for a person. The screen is checked for secrets like every
 * other output.
 */
/**
 * A terminal's output without mon's own spinner (src/core/progress.ts), which shows on stderr
 * when a wait passes ~300 ms, as it does on a loaded machine: each frame is exactly
 * `\r<frame> <label>\x1b[K` and its end `\r\x1b[K`. Nothing else is taken out, so a control
 * character that came from a server still shows.
 */
export function withoutSpinner(screen: string): string {
  return screen.replace(/\r(?:[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] [^\r\n\u001b]*)?\u001b\[K/g, '');
}

export function inTerminal(
  line: string | readonly string[],
  env: NodeJS.ProcessEnv,
  size = { columns: 120, rows: 40 },
): TerminalRun {
  const args = argv(line);
  const command = `stty cols ${size.columns} rows ${size.rows}; exec ${[process.execPath, BIN, ...args].map(shellQuote).join(' ')}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
  const done = new Promise<RunResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), WAIT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      child.stdin!.destroy();
      const leaked = leakedSecrets(screen);
      if (leaked.length) reject(new Error(`mon ${args.join(' ')} showed a secret on the terminal:\n${screen}`));
      else resolve({ code, signal, stdout: screen, stderr: '' });
    });
  });
  return {
    screen: () => screen,
    async waitFor(text, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (!screen.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`the terminal never showed ${JSON.stringify(text)}:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    type(keys) {
      child.stdin!.write(keys);
    },
    done,
  };
}

/**
 * A Node.js binary of another major from the npm registry (scripts/fetch-node.sh, kept in
 * .cache/node-MAJOR). Without it the test is skipped, or under CI fails (test/tools.ts: in CI the
 * platform has the package and the registry is reachable).
 */
export function fetchedNode(major: string, ctx: TestContext): string {
  const fetched = spawnSync('bash', [fileURLToPath(new URL('../../scripts/fetch-node.sh', import.meta.url)), major], {
    encoding: 'utf8',
    timeout: NETWORK_MS,
    // One retry after a second, not npm's two after 10 s and 60 s: without a network the skip
    // comes in 3 s, not 73.
    env: {
      ...process.env,
      npm_config_fetch_retries: '1',
      npm_config_fetch_retry_mintimeout: '1000',
      npm_config_fetch_retry_maxtimeout: '2000',
    },
  });
  if (fetched.status === 0) return join(fetched.stdout.trim(), 'node');
  const why = fetched.stderr.trim().split('\n').pop() ?? `exit ${fetched.status}`;
  const reason =
    fetched.status === 3
      ? `no Node.js ${major} package for this platform (${why})`
      : `could not fetch Node.js ${major} from the npm registry (${why})`;
  return missingTool(ctx, `Node.js ${major}`, reason);
}
