/**
 * In-process helpers: run `main(argv, ctx)` with captured IO, scripted prompts and a
 * sandbox started in this process (memory store). Faster than spawning, for the many
 * cases where the process boundary does not matter; e2e/ covers the real binary.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createContext } from '../src/core/context';
import { testIO } from '../src/io';
import { main } from '../src/main';
import type { Cancellation } from '../src/signals';
import { scriptedPrompter, type ScriptedAnswer, type ScriptedPrompter } from '../src/core/prompter';
import { startSandbox, type Sandbox } from '../src/sandbox/server';
import type { Timers } from '../src/core/progress';
import type { SandboxOptions } from '../src/sandbox/module';
import { assertTrafficMatchesOpenApi } from './openapi';
import { argv } from './words';

export { closedPort, type ClosedPort } from './ports';

export const TEST_KEY = 'sk_test_0123456789abcdef';
export const TEST_ACCOUNT = '11111111-2222-4333-8444-555555555555';

/**
 * A sandbox in this process (in memory unless given a data file). Closing it checks what it
 * received and answered against the public OpenAPI description (test/openapi.ts), as the
 * end-to-end harness checks its sandboxes.
 */
export async function memorySandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ apiKey: TEST_KEY, accountId: TEST_ACCOUNT, port: 0, ...options });
  const close = sandbox.close.bind(sandbox);
  sandbox.close = async () => {
    await close();
    assertTrafficMatchesOpenApi(sandbox.requests);
  };
  return sandbox;
}

/**
 * A clock that stands still at `start` (moved only by `sandbox.clock.advance`): what a test
 * computes from the time (a duration, "5 minutes ago") cannot change with how long the
 * machine took between two requests.
 */
export function frozenClock(start = Date.parse('2026-03-02T10:00:00.000Z')): () => number {
  return () => start;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  prompter: ScriptedPrompter;
}

export interface CliOptions {
  sandbox?: Sandbox;
  env?: NodeJS.ProcessEnv;
  /** Pretend stdin, stdout and stderr are terminals. */
  tty?: boolean;
  answers?: ScriptedAnswer[];
  stdin?: string;
  columns?: number;
  /** The command's clock (Ctx.now); pass `() => sandbox.clock.now()` to share the sandbox's. */
  now?: () => number;
  /** The command's Ctrl-C (Ctx.cancel): abort it to press Ctrl-C. */
  cancel?: Cancellation;
}

/** Environment for a test: its own config dir, and the sandbox's credentials when given. */
export function testEnv(options: { sandbox?: Sandbox; env?: NodeJS.ProcessEnv } = {}): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'mon-unit-'));
  return {
    MON_CONFIG_DIR: join(dir, 'config'),
    MON_DATA_DIR: join(dir, 'data'),
    HOME: dir,
    ...(options.sandbox
      ? {
          MON_BASE_URL: options.sandbox.url,
          MON_API_KEY: TEST_KEY,
          MON_ACCOUNT_ID: TEST_ACCOUNT,
          MON_PING_URL: options.sandbox.pingUrl,
        }
      : {}),
    ...options.env,
  };
}

/**
 * Timers that never fire: an in-process run on a pretend terminal shows no spinner however
 * slow the machine is (test/core/progress.test.ts and the screen tests cover the spinner).
 */
const STILL_TIMERS: Timers = {
  setTimeout: () => undefined,
  clearTimeout: () => {},
  setInterval: () => undefined,
  clearInterval: () => {},
};

/**
 * Runs one command line in-process, written as a user types it (split as a shell splits it,
 * test/words.ts): `mon('incidents update abc123 -m "Rolled back" -s identified', { sandbox })`.
 * An array of words is taken as it is (a value no shell quoting would make readable).
 */
export function mon(line: string | readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return cli(argv(line), options);
}

/** What mon prints piped, as rows of tab-separated cells (a table's rows, or key<TAB>value lines). */
export function tsvRows(stdout: string): string[][] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
}

/** key<TAB>value lines (`get` piped) as an object. */
export function tsvFields(stdout: string): Record<string, string> {
  return Object.fromEntries(tsvRows(stdout));
}

/** A retry's wait that takes no time, ended all the same by Ctrl-C. */
async function NO_WAIT(_ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason;
}

/** Runs one command line, given as its words, in-process. */
export async function cli(argv: string[], options: CliOptions = {}): Promise<CliResult> {
  const io = testIO({ tty: options.tty ?? false, stdin: options.stdin, columns: options.columns });
  const prompter = scriptedPrompter(options.answers ?? []);
  const ctx = createContext({
    io,
    env: options.env ?? testEnv({ sandbox: options.sandbox }),
    prompter,
    now: options.now,
    cancel: options.cancel,
    timers: STILL_TIMERS,
    // Retries wait no time here (the waits they ask for show in --debug); end to end they are real.
    clientOverrides: { backoffMs: { base: 1, cap: 5 }, sleep: NO_WAIT },
  });
  const code = await main(argv, ctx);
  try {
    // A question the script did not expect, an answer that is not a choice, answers left
    // unused: the TEST fails here, whatever exit code the command chose.
    prompter.verify();
  } catch (error) {
    (error as Error).message += `\n(mon ${argv.join(' ')} exited ${code})\nstdout: ${io.stdout}\nstderr: ${io.stderr}`;
    throw error;
  }
  // The API key never shows, whatever the command and however it failed.
  if ((io.stdout + io.stderr).includes(TEST_KEY)) {
    throw new Error(`mon ${argv.join(' ')} printed the API key:\nstdout: ${io.stdout}\nstderr: ${io.stderr}`);
  }
  return { code, stdout: io.stdout, stderr: io.stderr, prompter };
}

/**
 * A call to an in-process sandbox with the test key and account, as a test's set-up (or a
 * look at what the sandbox holds): it is left out of the sandbox's request log, which then
 * holds only what mon sent.
 */
export async function sandboxCall(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const logged = sandbox.requests.length;
  const response = await fetch(sandbox.url + path, {
    method,
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      'x-service-account': TEST_ACCOUNT,
      // A connection of its own: a kept-alive one idle for the sandbox's 5 s can be closed as it is reused (under load).
      connection: 'close',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (sandbox.requests.length > logged) sandbox.requests.pop();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A request as a test's own server got it (httpServer). */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  url: string;
  /** Every request so far, in order. */
  received: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A small HTTP server of the test's own (a hostile one, often) on 127.0.0.1: `handler`
 * answers each request once its body is read, or never, or breaks the connection.
 */
export async function httpServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const received: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A server of the test's own answering every request `status` (200) with the JSON `answer`
 * gives for it; called in a test, closed when the test ends.
 */
export async function jsonServer(answer: (req: IncomingMessage) => unknown, status = 200): Promise<TestServer> {
  const server = await httpServer((req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer(req)));
  });
  onTestFinished(() => server.close());
  return server;
}

/** An environment pointing mon at a server of the test's own, with the test's key and account. */
export function serverEnv(server: { url: string }, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return testEnv({ env: { MON_BASE_URL: server.url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT, ...env } });
}

/** An account's API (not a mon sandbox): its status pages as given. */
export async function accountApi(
  pages: Record<string, unknown>[],
  more: Record<string, unknown> = {},
): Promise<{ env: NodeJS.ProcessEnv; close(): void }> {
  const server = createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    const body = path === '/v1/status-pages' ? { length: pages.length, entries: pages, nextId: null } : more[path];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { statusCode: 404, error: 'Not Found', message: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const env = {
    ...testEnv(),
    MON_BASE_URL: `http://127.0.0.1:${port}`,
    MON_API_KEY: TEST_KEY,
    MON_ACCOUNT_ID: TEST_ACCOUNT,
  };
  return { env, close: () => server.close() };
}

/** A command line a user got wrong: what is wrong (the test's name), and the part of stderr that names the flag or argument and the rule. */
export interface BadInput {
  what: string;
  line: string | readonly string[];
  says: string;
  stdin?: string;
}

/**
 * Bad input, refused: for each case, exit 2, stderr naming the flag or argument and the rule
 * (no stack trace), nothing on stdout, and not one request received by the sandbox (one of
 * the block's own, configured as the command's API and ping host).
 */
export function refusesBadInput(cases: BadInput[]): void {
  describe('bad input', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await memorySandbox();
    });
    afterAll(() => sandbox.close());

    it('names every case differently', () => {
      expect(new Set(cases.map((testCase) => testCase.what)).size).toBe(cases.length);
    });

    it.each(cases.map((testCase) => [testCase.what, testCase] as const))(
      'refuses %s: exit 2, named, nothing sent',
      async (_what, testCase) => {
        sandbox.requests.length = 0;
        const result = await mon(testCase.line, { sandbox, stdin: testCase.stdin });
        expect(result.stderr).toContain(testCase.says);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([]);
      },
    );
  });
}
