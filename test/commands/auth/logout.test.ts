/** `mon auth logout`: the stored key removed, and nothing works without one after. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';
import { loggedIn } from './fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('auth logout', () => {
  it('removes the stored key: what worked with it is exit 4 pointing at `mon auth login`', async () => {
    const env = await loggedIn(sandbox);
    // The stored credentials work for a real command.
    const list = await mon('runtimes list', { env });
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^2026\.04\t/);

    const logout = await mon('auth logout', { env });
    expect(logout.code).toBe(0);
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default['api-key']).toBeUndefined();
    const after = await mon('auth status', { env });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain('mon auth login');
  });
});
