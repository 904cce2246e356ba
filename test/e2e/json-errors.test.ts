/**
 * Errors as JSON through the real bin/mon.js against the real sandbox: one JSON object on
 * stderr, without colour even where the environment forces it (FORCE_COLOR, read by the
 * process). Every kind, and prose without --json: test/output/json-errors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';
import { jsonError } from '../json-error';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

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
