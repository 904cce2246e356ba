/** `mon sandbox info`: the data file, its key and monitors, and whether a `mon sandbox` serves it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('sandbox info', () => {
  it('`mon --sandbox sandbox info` on a fresh machine starts the embedded sandbox and describes it', async () => {
    const result = await mon('--sandbox sandbox info');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Using the embedded sandbox (sample data; stored in');
    expect(result.stdout).toContain('baseUrl\thttp://127.0.0.1:4010\n');
    expect(result.stdout).toMatch(/^heartbeat\tNightly backup\t/m);
  });
});
