/**
 * Errors as JSON through the real bin/mon.js against the real sandbox: one JSON object on
 * stderr, without colour even where the environment forces it (FORCE_COLOR, read by the
 * process). Every kind, and prose without --json: test/output/json-errors.test.ts.
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
  it('carries no colour codes and no "error:" prefix, even when colour is forced', async () => {
    const result = await runMon(['runtimes', 'get', '1999.01', '-q', '.name'], {
      env: sandbox.env({ FORCE_COLOR: '1' }),
    });
    expect(result.code).toBe(6);
    expect(result.stderr).not.toContain('\u001b');
    expect(jsonError(result).message).not.toMatch(/^error/);
  });
});
