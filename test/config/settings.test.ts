import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors';
import { resolveSettings } from '../../src/config/settings';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';

const profile = {
  'base-url': 'https://profile.example.com',
  account: 'acct-profile',
  'api-key': 'sk_profile_0000000000',
  'ping-url': 'https://ping.profile.example.com',
  timeout: 12,
};

describe('settings precedence: flag, then environment, then profile, then default', () => {
  it('takes the flag over the environment over the profile', () => {
    const settings = resolveSettings(
      { baseUrl: 'https://flag.example.com', account: 'acct-flag' },
      {
        MON_BASE_URL: 'https://env.example.com',
        MON_ACCOUNT_ID: 'acct-env',
        MON_API_KEY: 'sk_env_0000000000000',
        MON_TIMEOUT: '7',
      },
      profile,
    );
    expect(settings.baseUrl).toEqual({ value: 'https://flag.example.com', source: '--base-url' });
    expect(settings.accountId).toEqual({ value: 'acct-flag', source: '--account' });
    expect(settings.apiKey).toEqual({ value: 'sk_env_0000000000000', source: 'MON_API_KEY' });
    expect(settings.timeoutMs).toEqual({ value: 7000, source: 'MON_TIMEOUT' });
    expect(settings.pingUrl).toEqual({ value: 'https://ping.profile.example.com', source: 'profile "default"' });
  });

  it('falls back to the profile, then to defaults', () => {
    const fromProfile = resolveSettings({ profile: 'work' }, {}, profile);
    expect(fromProfile.profile).toEqual({ value: 'work', source: '--profile' });
    expect(fromProfile.apiKey).toEqual({ value: 'sk_profile_0000000000', source: 'profile "work"' });
    expect(fromProfile.timeoutMs).toEqual({ value: 12_000, source: 'profile "work"' });
    const bare = resolveSettings({}, {}, undefined);
    expect(bare.baseUrl).toBeUndefined();
    expect(bare.apiKey).toBeUndefined();
    expect(bare.timeoutMs).toEqual({ value: 30_000, source: 'default' });
    expect(bare.profile).toEqual({ value: 'default', source: 'default' });
    expect(resolveSettings({}, { MON_PROFILE: 'ci' }, undefined).profile).toEqual({
      value: 'ci',
      source: 'MON_PROFILE',
    });
  });

  it('debug comes from --debug or MON_DEBUG', () => {
    expect(resolveSettings({ debug: true }, {}, undefined).debug).toBe(true);
    expect(resolveSettings({}, { MON_DEBUG: '1' }, undefined).debug).toBe(true);
    expect(resolveSettings({}, { MON_DEBUG: '0' }, undefined).debug).toBe(false);
  });

  it.each([
    [{ baseUrl: 'ftp://x' }, {}, /only http:\/\/ and https:\/\//],
    [{ baseUrl: 'not a url' }, {}, /Invalid URL "not a url" \(from --base-url\)/],
    [{}, { MON_BASE_URL: 'https://x.example.com?q=1' }, /from MON_BASE_URL/],
    [{ timeout: '0' }, {}, /Invalid timeout "0" \(from --timeout\)/],
    [{}, { MON_TIMEOUT: 'soon' }, /from MON_TIMEOUT/],
    [{ profile: '../etc' }, {}, /Invalid profile name/],
  ])('refuses %j %j with a usage error naming the source', (globals, env, message) => {
    expect(() => resolveSettings(globals, env, undefined)).toThrow(UsageError);
    expect(() => resolveSettings(globals, env, undefined)).toThrow(message);
  });
});

describe("accessible mode: MON_ACCESSIBLE, then the profile's `accessible`, then off", () => {
  it('is resolved like every setting, and says where it came from', () => {
    expect(resolveSettings({}, {}, undefined).accessible).toEqual({ value: false, source: 'default' });
    expect(resolveSettings({}, {}, { accessible: true }).accessible).toEqual({
      value: true,
      source: 'profile "default"',
    });
    expect(resolveSettings({}, { MON_ACCESSIBLE: '0' }, { accessible: true }).accessible).toEqual({
      value: false,
      source: 'MON_ACCESSIBLE',
    });
    expect(resolveSettings({}, { MON_ACCESSIBLE: '1' }, undefined).accessible.value).toBe(true);
  });

  it('`mon config set accessible true` stores it, `config list` and `config get` show it, a bad value is exit 2', async () => {
    const env = testEnv();
    const set = await mon('config set accessible yes', { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('Set accessible to true in profile "default".');
    expect((await mon('config get accessible', { env })).stdout).toBe('true\n');
    expect((await mon('config list', { env })).stdout).toContain('accessible\ttrue\n');
    const bad = await mon('config set accessible maybe', { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid value "maybe" (from accessible): expected true or false.');
    expect((await mon('config get accessible', { env })).stdout).toBe('true\n');
  });
});

describe('a key or account with a line break or another control character', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  const cases: [string, NodeJS.ProcessEnv, string][] = [
    ['MON_API_KEY', { MON_API_KEY: `${TEST_KEY}\n${TEST_KEY}` }, 'The API key from MON_API_KEY contains a line break'],
    ['MON_API_KEY (CR)', { MON_API_KEY: `sk_test\r0123456789` }, 'The API key from MON_API_KEY contains a line break'],
    [
      'MON_ACCOUNT_ID',
      { MON_ACCOUNT_ID: `${TEST_ACCOUNT}\u0000` },
      'The account ID from MON_ACCOUNT_ID contains a control character (U+0000)',
    ],
  ];
  it.each(cases)('%s: exit 2 naming it, nothing sent, not retried', async (_name, env, message) => {
    sandbox.requests.length = 0;
    const result = await mon('runtimes list', { env: { ...testEnv({ sandbox }), ...env } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain(TEST_KEY);
    expect(sandbox.requests).toEqual([]);
  });

  it('stored in the profile: exit 2 naming the profile', async () => {
    const env = testEnv({ sandbox });
    delete env.MON_API_KEY;
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    writeFileSync(
      join(env.MON_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ profiles: { default: { 'api-key': `${TEST_KEY}\nsk_other_key_0000` } } }),
    );
    sandbox.requests.length = 0;
    const result = await mon('runtimes list', { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The API key from profile "default" contains a line break');
    expect(result.stderr).toContain('mon auth login');
    expect(sandbox.requests).toEqual([]);
  });

  it('auth login --with-key: a key of two lines is refused before it is tried', async () => {
    sandbox.requests.length = 0;
    const env = testEnv({ sandbox });
    delete env.MON_API_KEY;
    const result = await mon('auth login --with-key', { env, stdin: `${TEST_KEY}\n${TEST_KEY}\n` });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The API key from --with-key (stdin) contains a line break');
    expect(sandbox.requests).toEqual([]);
  });
});

describe('profiles', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  it('--profile naming no profile is exit 2 for every command but those that create it', async () => {
    const env = testEnv({ sandbox });
    for (const line of [
      'config list',
      'config get base-url',
      'config unset timeout',
      'auth status',
      'auth logout',
      'runtimes list',
    ]) {
      const result = await mon(`--profile nope ${line}`, { env });
      expect(result.code, line).toBe(2);
      expect(result.stdout, line).toBe('');
      expect(result.stderr, line).toContain('There is no profile "nope" (from --profile).');
    }
    const set = await mon('--profile nope config set timeout 60', { env });
    expect(set.code, set.stderr).toBe(0);
    expect((await mon('--profile nope config get timeout', { env })).stdout).toBe('60\n');
  });

  it('refuses a profile named explicitly that does not exist', async () => {
    const result = await mon('--profile prod runtimes list', { env: testEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('There is no profile "prod" (from --profile)');
    expect(result.stderr).toContain('mon --profile prod auth login');
  });
});
