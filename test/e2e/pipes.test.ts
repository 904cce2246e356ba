/** mon in a shell pipeline: a reader that goes away early is not an error. */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startSandbox, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('a pipe closed by its reader', () => {
  it('exits quietly when the reader of its output goes away', () => {
    const result = spawnSync(
      'bash',
      ['-c', `node ${BIN} status-pages list --all --limit 1 | head -1; echo "mon=\${PIPESTATUS[0]}"`],
      {
        env: sandbox.env(),
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toMatch(/^Acme Cloud\t.*\nmon=0\n$/);
    expect(result.stderr).toBe('');
  });
});

describe('stdout that is a slow pipe, or closed', () => {
  const run = (script: string) => spawnSync('bash', ['-c', script], { env: sandbox.env(), encoding: 'utf8' });

  it('waits for a reader that is slow to start: every byte arrives, in order', () => {
    const whole = run(`node ${BIN} status-pages list --all --json`).stdout;
    expect(whole.length).toBeGreaterThan(1000);
    const slow = run(`node ${BIN} status-pages list --all --json | (sleep 0.3; cat)`);
    expect(slow.stdout).toBe(whole);
    expect(slow.stderr).toBe('');
  });

  it('runs with stdout closed (`>&-`): exit 0, nothing said on stderr', () => {
    const result = run(`node ${BIN} status-pages list >&-; echo "mon=$?"`);
    expect(result.stdout).toBe('mon=0\n');
    expect(result.stderr).toBe('');
  });
});
