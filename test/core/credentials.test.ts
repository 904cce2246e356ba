/** Where the key comes from (src/core/credentials.ts): the environment, a stored profile, or nowhere. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_KEY, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('where the key comes from', () => {
  it('uses MON_API_KEY / MON_ACCOUNT_ID / MON_BASE_URL with no stored config at all', async () => {
    const env = testEnv({ sandbox });
    const result = await mon('status-pages list', { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Public API');
    expect(existsSync(env.MON_CONFIG_DIR!)).toBe(false);
  });

  it('turns a 401 into exit 4 naming where the rejected key came from, and points at a stored key only when there is one', async () => {
    const revoked = testEnv({ sandbox, env: { MON_API_KEY: 'sk_revoked_0000000000' } });
    const result = await mon('runtimes list', { env: revoked });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'Authentication failed: the key from MON_API_KEY was rejected (401 Unauthorized: Bad Token).',
    );
    // Nothing is stored in this config dir: there is no key to fall back on.
    expect(result.stderr).toContain(
      'Set MON_API_KEY to a working key, or unset it and run `mon auth login` to store one',
    );
    expect(result.stderr).not.toContain('the key stored in');
    expect(result.stderr).not.toContain('sk_revoked_0000000000');

    const login = await mon(`auth login --with-key --base-url ${sandbox.url}`, {
      env: testEnv({ sandbox, env: { MON_API_KEY: undefined, MON_CONFIG_DIR: revoked.MON_CONFIG_DIR } }),
      stdin: `${TEST_KEY}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const stored = await mon('runtimes list', { env: revoked });
    expect(stored.code).toBe(4);
    expect(stored.stderr).toContain(
      'Set MON_API_KEY to a working key, or unset it to use the key stored in profile "default"',
    );
  });

  it('with nothing configured, names both ways in: `mon auth login` and the sandbox without an account (exit 4)', async () => {
    const result = await mon('runtimes list', { env: testEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No API key is configured');
    expect(result.stderr).toContain('Run `mon auth login` (or set MON_API_KEY) to use your account');
    expect(result.stderr).toContain('`mon --sandbox incidents list`');
  });
});

describe('a stored key', () => {
  it('a key stored in a profile that is rejected is named as such', async () => {
    const env = testEnv({ sandbox, env: { MON_API_KEY: undefined } });
    const login = await mon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      stdin: `${TEST_KEY}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.profiles.default['api-key'] = 'sk_revoked_00000000000';
    writeFileSync(file, JSON.stringify(config));
    const result = await mon(['runtimes', 'list'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the key stored in profile "default" was rejected');
    expect(result.stderr).toContain('Run `mon auth login` to store a working key');
  });
});
