/**
 * Errors as JSON: with --json or --jq, an error is one JSON object on stderr (the real
 * bin/mon.js against the real sandbox); without them it stays prose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type RunResult, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

interface JsonError {
  exitCode: number;
  kind: string;
  message: string;
  hint: string | null;
  status?: number;
  requestId?: string | null;
}

/** The error object, after checking that stderr is exactly one line of JSON and stdout is empty. */
function jsonError(result: RunResult): JsonError {
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines, result.stderr).toHaveLength(2);
  expect(lines[1]).toBe('');
  const parsed = JSON.parse(lines[0]!) as { error: JsonError };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error.exitCode).toBe(result.code);
  return parsed.error;
}

describe('errors as JSON', () => {
  it('a 404: exit 6, kind not-found, the HTTP status and the request ID the server sent', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['runtimes', 'get', '1999.01', '--json'], { env: sandbox.env() });
    expect(result.code).toBe(6);
    const error = jsonError(result);
    expect(error).toMatchObject({ exitCode: 6, kind: 'not-found', status: 404 });
    expect(error.message).toContain('1999.01');
    const [request] = await sandbox.requests();
    expect(request?.path).toBe('/v1/runtimes/1999.01');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(`(request ID ${error.requestId})`);
    expect(error.message).not.toMatch(/^error:/);
  });

  it('a usage error: exit 2, kind usage, a hint, no status or request ID (nothing was sent)', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['incidents', 'list', '--limit', '500', '--json'], { env: sandbox.env() });
    expect(result.code).toBe(2);
    const error = jsonError(result);
    expect(error).toEqual({
      exitCode: 2,
      kind: 'usage',
      message: expect.stringContaining('--limit') as string,
      hint: 'See `mon incidents list --help`.',
    });
    expect(await sandbox.requests()).toEqual([]);
  });

  it('a 401: exit 4, kind auth, status 401, and the rejected key nowhere in it', async () => {
    const wrongKey = 'sk_test_wrongwrongwrong0000';
    const result = await runMon(['runtimes', 'list', '--json'], { env: sandbox.env({ MON_API_KEY: wrongKey }) });
    expect(result.code).toBe(4);
    const error = jsonError(result);
    expect(error).toMatchObject({ exitCode: 4, kind: 'auth', status: 401 });
    expect(error.hint).toEqual(expect.any(String));
    expect(result.stderr).not.toContain(wrongKey);
  });

  it("an unknown flag (commander's own parse error): exit 2, kind usage, with the suggestion", async () => {
    const result = await runMon(['runtimes', 'list', '--jsn', '--json'], { env: sandbox.env() });
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
    await sandbox.clearRequests();
    const result = await runMon(['incidents', 'create', '--message', '--dry-run', '--jq', '.id'], {
      env: sandbox.env(),
    });
    expect(result.code).toBe(2);
    expect(jsonError(result)).toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(/^--message needs a value, but the next word is --dry-run/) as string,
    });
    expect(await sandbox.requests()).toEqual([]);
  });

  it('carries no colour codes and no "error:" prefix, even when colour is forced', async () => {
    const result = await runMon(['runtimes', 'get', '1999.01', '-q', '.name'], {
      env: sandbox.env({ FORCE_COLOR: '1' }),
    });
    expect(result.code).toBe(6);
    expect(result.stderr).not.toContain('\u001b');
    expect(jsonError(result).message).not.toMatch(/^error/);
  });

  it('stays prose without --json', async () => {
    const notFound = await runMon(['runtimes', 'get', '1999.01'], { env: sandbox.env() });
    expect(notFound.code).toBe(6);
    expect(notFound.stderr).toMatch(/^error: Runtime "1999\.01" was not found\./);
    expect(() => JSON.parse(notFound.stderr) as unknown).toThrow();

    const unknown = await runMon(['runtimes', 'list', '--jsn'], { env: sandbox.env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "error: unknown option '--jsn'\nDid you mean --json? Run `mon runtimes list --help` for usage.\n",
    );
  });

  it('reads --json before `--` only: after it, the word belongs to the program being run', async () => {
    const args = ['heartbeats', 'exec', 'tok_0123456789', '--', '/nonexistent/program', '--json'];
    const result = await runMon(args, { env: sandbox.env() });
    expect(result.code).toBe(127);
    expect(result.stderr).toMatch(/^error: /);

    const json = await runMon(['--json', ...args], { env: sandbox.env() });
    expect(json.code).toBe(127);
    expect(jsonError(json)).toMatchObject({ exitCode: 127, kind: 'failure' });
  });
});
