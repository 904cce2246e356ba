/**
 * Errors as JSON (output/json-errors.ts): with --json or --jq, an error is one JSON object on
 * stderr, in every kind; without them it stays prose. test/e2e/json-errors.test.ts: the same
 * through the real binary, with colour forced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { scriptedPrompter } from '../../src/core/prompter';
import { testIO } from '../../src/io';
import { main } from '../../src/main';
import { readEarly } from '../../src/core/flags/read';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';
import { argv, words } from '../words';
import { jsonError } from '../json-error';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** Runs mon in-process with a client that never waits long between attempts. */
async function run(line: string | readonly string[], env: NodeJS.ProcessEnv, options: { tty?: boolean } = {}) {
  const io = testIO({ tty: options.tty ?? false });
  const ctx = createContext({
    io,
    env,
    prompter: scriptedPrompter([]),
    clientOverrides: { backoffMs: { base: 1, cap: 5 }, maxRetryAfterMs: 1 },
  });
  const code = await main(argv(line), ctx);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

function errorOf(stderr: string): Record<string, unknown> {
  expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('errors as JSON, in every kind', () => {
  it('a rate limit after retries: exit 7, kind rate-limit, status 429', async () => {
    const limited = await memorySandbox({ faults: '429:1' });
    try {
      const result = await run('runtimes list --json', testEnv({ sandbox: limited }));
      expect(result.code).toBe(7);
      expect(errorOf(result.stderr)).toMatchObject({ exitCode: 7, kind: 'rate-limit', status: 429 });
    } finally {
      await limited.close();
    }
  });

  it('a server failure: exit 1, kind api, status 503, the hint to try again', async () => {
    const failing = await memorySandbox({ faults: '503:1' });
    try {
      const result = await run('runtimes list --json', testEnv({ sandbox: failing }));
      expect(result.code).toBe(1);
      const error = errorOf(result.stderr);
      expect(error).toMatchObject({ exitCode: 1, kind: 'api', status: 503 });
      expect(error.hint).toEqual(expect.stringContaining('try again'));
    } finally {
      await failing.close();
    }
  });

  it('a network failure: exit 1, kind network, and no status or request ID (no HTTP answer)', async () => {
    // A port that was free a moment ago: nothing answers there.
    const { server, url } = await listen(() => {});
    await new Promise((resolve) => server.close(resolve));
    const result = await run('runtimes list --json', testEnv({ env: { MON_BASE_URL: url, MON_API_KEY: TEST_KEY } }));
    expect(result.code).toBe(1);
    const error = errorOf(result.stderr);
    expect(error).toMatchObject({ exitCode: 1, kind: 'network' });
    expect(Object.keys(error)).toEqual(['exitCode', 'kind', 'message', 'hint']);
  });

  it('hint is null when there is none, and the API key stays masked', async () => {
    // A 404 from `mon api` has no hint; the server echoes nothing secret, but the key is in the environment.
    const result = await mon('api /v1/nothing-here --json', { sandbox });
    expect(result.code).toBe(6);
    const error = errorOf(result.stderr);
    expect(error).toMatchObject({ kind: 'not-found', status: 404, hint: null });
    expect(result.stderr).not.toContain(TEST_KEY);
  });

  it('commander errors as JSON say nothing else on stderr (no "Run ... --help" line)', async () => {
    const result = await mon('runtimes get --json', { sandbox });
    expect(result.code).toBe(2);
    expect(errorOf(result.stderr)).toMatchObject({
      kind: 'usage',
      message: "missing required argument 'RUNTIME'",
      hint: 'Run `mon runtimes get --help` for usage.',
    });
  });

  it('a parse error with -q and its expression in one word (-q.id) is JSON too', async () => {
    const result = await mon('incidents resolve --nope -q.id', { sandbox });
    expect(result.code).toBe(2);
    expect(errorOf(result.stderr)).toMatchObject({ kind: 'usage', message: "unknown option '--nope'" });
  });

  it("-q behind a verb's short flag (-yq) is not the global one: the verb has no -q (exit 2, in prose)", async () => {
    const result = await mon('incidents resolve ID -yq .id', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option '-q'\nRun `mon incidents resolve --help` for usage.\n");
  });

  it('finds --json, --jq, --jq=, -q and -qEXPR before `--` only', () => {
    const jsonRequested = (argv: string[]) => readEarly(argv, {}).json;
    expect(jsonRequested(words('runtimes list --json'))).toBe(true);
    expect(jsonRequested(words('--jq . runtimes'))).toBe(true);
    expect(jsonRequested(words('runtimes list "--jq=.[]"'))).toBe(true);
    expect(jsonRequested(words('runtimes list -q .'))).toBe(true);
    expect(jsonRequested(words('runtimes list "-q.[0]"'))).toBe(true);
    // -y is the verb's, so the rest of its group is read by the verb, which has no -q (exit 2, in prose).
    expect(jsonRequested(words('incidents resolve ID -yq .id'))).toBe(false);
    expect(jsonRequested(words('runtimes list'))).toBe(false);
    expect(jsonRequested(words('heartbeats exec tok -- job --json'))).toBe(false);
  });

  it('an answer that is not JSON: kind response, with the status of that answer', async () => {
    const { server, url } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('plain text, not JSON');
    });
    try {
      const env = testEnv({ env: { MON_BASE_URL: url, MON_API_KEY: TEST_KEY, MON_ACCOUNT_ID: TEST_ACCOUNT } });
      const result = await run('api /v1/text --json', env);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(errorOf(result.stderr)).toMatchObject({ exitCode: 1, kind: 'response', status: 200, requestId: null });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('errors as JSON, against the sandbox', () => {
  it('a 404: exit 6, kind not-found, the HTTP status and the request ID the server sent', async () => {
    sandbox.requests.length = 0;
    const result = await mon('runtimes get 1999.01 --json', { sandbox });
    expect(result.code).toBe(6);
    const error = jsonError(result);
    expect(error).toMatchObject({ exitCode: 6, kind: 'not-found', status: 404 });
    expect(error.message).toContain('1999.01');
    const [request] = sandbox.requests;
    expect(request?.path).toBe('/v1/runtimes/1999.01');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(`(request ID ${error.requestId})`);
    expect(error.message).not.toMatch(/^error:/);
  });

  it('a usage error: exit 2, kind usage, a hint, no status or request ID (nothing was sent)', async () => {
    sandbox.requests.length = 0;
    const result = await mon('incidents list --limit 500 --json', { sandbox });
    expect(result.code).toBe(2);
    const error = jsonError(result);
    expect(error).toEqual({
      exitCode: 2,
      kind: 'usage',
      message: expect.stringContaining('--limit') as string,
      hint: 'See `mon incidents list --help`.',
    });
    expect(sandbox.requests).toEqual([]);
  });

  it('a 401: exit 4, kind auth, status 401, and the rejected key nowhere in it', async () => {
    const wrongKey = 'sk_test_wrongwrongwrong0000';
    const result = await mon('runtimes list --json', { env: testEnv({ sandbox, env: { MON_API_KEY: wrongKey } }) });
    expect(result.code).toBe(4);
    const error = jsonError(result);
    expect(error).toMatchObject({ exitCode: 4, kind: 'auth', status: 401 });
    expect(error.hint).toEqual(expect.any(String));
    expect(result.stderr).not.toContain(wrongKey);
  });

  it("an unknown flag (commander's own parse error): exit 2, kind usage, with the suggestion", async () => {
    const result = await mon('runtimes list --jsn --json', { sandbox });
    expect(result.code).toBe(2);
    const error = jsonError(result);
    expect(error).toEqual({
      exitCode: 2,
      kind: 'usage',
      message: "unknown option '--jsn'",
      hint: 'Did you mean --json? Run `mon runtimes list --help` for usage.',
    });
  });

  it('a flag given as a value (refused before commander parses), with --jq', async () => {
    sandbox.requests.length = 0;
    const result = await mon('incidents create --message --dry-run --jq .id', { sandbox });
    expect(result.code).toBe(2);
    expect(jsonError(result)).toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(/^--message needs a value, but the next word is --dry-run/) as string,
    });
    expect(sandbox.requests).toEqual([]);
  });

  it('stays prose without --json', async () => {
    const notFound = await mon('runtimes get 1999.01', { sandbox });
    expect(notFound.code).toBe(6);
    expect(notFound.stderr).toMatch(/^error: Runtime "1999\.01" was not found\./);
    expect(() => JSON.parse(notFound.stderr) as unknown).toThrow();

    const unknown = await mon('runtimes list --jsn', { sandbox });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "error: unknown option '--jsn'\nDid you mean --json? Run `mon runtimes list --help` for usage.\n",
    );
  });

  it('reads --json before `--` only: after it, the word belongs to the program being run', async () => {
    const line = 'heartbeats exec tok_0123456789 -- /nonexistent/program --json';
    const result = await mon(line, { sandbox });
    expect(result.code).toBe(127);
    expect(result.stderr).toMatch(/^error: /);

    const json = await mon(`--json ${line}`, { sandbox });
    expect(json.code).toBe(127);
    expect(jsonError(json)).toMatchObject({ exitCode: 127, kind: 'failure' });
  });
});
