/**
 * --jq, built in, in the real bin/mon.js: the engine failing (nothing of it on the real
 * stderr) and loaded only when --jq is given; with a PATH on which there is no jq binary (nor
 * anything else). What --jq prints and refuses: test/output/jq.test.ts.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
/** An empty directory as the whole PATH. */
const EMPTY_PATH = tempDir('mon-no-jq-');
const env = (extra: Record<string, string | undefined> = {}) => sandbox.env({ PATH: EMPTY_PATH, ...extra });
const mon = (args: string[], extra: Record<string, string | undefined> = {}) => runMon(args, { env: env(extra) });

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

/** stderr as what it must be with --jq: one JSON error object on one line. */
function errorOf(stderr: string): { exitCode: number; kind: string; message: string; hint: string | null } {
  expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1, stderr).toBe(true);
  return (JSON.parse(stderr) as { error: ReturnType<typeof errorOf> }).error;
}

describe('the jq engine failing', () => {
  it('an expression that exhausts the engine (endless recursion): exit 1, one JSON error, no raw "Aborted()" line', async () => {
    const result = await mon(['runtimes', 'list', '--jq', 'def f: 1 + f; f']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toMatch(/^Aborted/m);
    expect(errorOf(result.stderr)).toMatchObject({
      exitCode: 1,
      kind: 'failure',
      message: expect.stringMatching(/^--jq: the jq engine failed \(it aborted\)/),
    });
  });
});

describe('the jq engine is loaded only for --jq', () => {
  const recorder = fileURLToPath(new URL('../fixtures/record-jq-loads.cjs', import.meta.url));
  const withRecorder = () => ({ NODE_OPTIONS: `--require ${recorder}` });

  it('is not read by `mon incidents list --json`', async () => {
    const result = await mon(['incidents', 'list', '--json'], withRecorder());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('jq engine read:');
    JSON.parse(result.stdout);
  });

  it('is read (its script and its .wasm) by `mon incidents list --jq`', async () => {
    const result = await mon(['incidents', 'list', '--jq', '.entries | length'], withRecorder());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\d+\n$/);
    expect(result.stderr).toMatch(/jq engine read:.*dist\/vendor\/jq\.cjs/);
    expect(result.stderr).toMatch(/jq engine read:.*dist\/vendor\/jq\.wasm/);
  });
});
