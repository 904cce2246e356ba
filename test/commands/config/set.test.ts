/** `mon config set`: a setting per profile, checked as typed; never the API key. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv, refusesBadInput } from '../../helpers';
import { listed, NOTHING_SET } from './listed';

describe('config set', () => {
  it('sets a setting in the default profile or the one named, as `config get` and `config list` then read it', async () => {
    const env = testEnv();
    expect(await mon('config set base-url https://api.example.com/', { env })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '✓ Set base-url to https://api.example.com in profile "default".\n',
    });
    expect(await mon('--profile staging config set timeout 45', { env })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '✓ Set timeout to 45 in profile "staging".\n',
    });
    expect((await mon('config get base-url', { env })).stdout).toBe('https://api.example.com\n');
    expect((await mon('--profile staging config get timeout', { env })).stdout).toBe('45\n');
    expect(await listed(env)).toEqual({ ...NOTHING_SET, profile: 'default', 'base-url': 'https://api.example.com' });
    expect(await listed(env, 'staging')).toEqual({ ...NOTHING_SET, profile: 'staging', timeout: 45 });
  });

  it('a second set replaces the value, and keeps the other settings', async () => {
    const env = testEnv();
    for (const line of ['config set timeout 45', 'config set account 11111111-2222-4333-8444-555555555555']) {
      expect((await mon(line, { env })).code).toBe(0);
    }
    expect((await mon('config set timeout 60', { env })).stderr).toBe('✓ Set timeout to 60 in profile "default".\n');
    expect(await listed(env)).toEqual({
      ...NOTHING_SET,
      profile: 'default',
      account: '11111111-2222-4333-8444-555555555555',
      timeout: 60,
    });
  });

  it('refuses the API key (`mon auth login` checks and stores it) and a value of the wrong kind; nothing stored', async () => {
    const env = testEnv();
    expect((await mon('config set timeout 45', { env })).code).toBe(0);
    const key = await mon('config set api-key sk_live_secret_value', { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('mon auth login');
    const bad = await mon('config set timeout soon', { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('timeout');
    expect(await listed(env)).toEqual({ ...NOTHING_SET, profile: 'default', timeout: 45 });
  });
});

refusesBadInput([
  { what: 'a timeout that is a word', line: 'config set timeout soon', says: 'Invalid timeout "soon"' },
  { what: 'an unknown setting', line: 'config set colour red', says: 'Unknown setting "colour"' },
  { what: 'the API key', line: 'config set api-key sk_live_0123456789', says: 'mon auth login' },
]);
