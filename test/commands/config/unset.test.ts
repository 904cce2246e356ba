/** `mon config unset KEY`: a setting of the profile removed, and nothing else. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';
import { listed, NOTHING_SET } from './listed';

/** Three settings in the default profile and one in staging. */
async function configured(): Promise<NodeJS.ProcessEnv> {
  const env = testEnv();
  for (const line of [
    'config set base-url https://api.example.com/',
    'config set ping-url https://ping.example.com',
    'config set timeout 45',
    '--profile staging config set timeout 90',
  ]) {
    const result = await mon(line, { env });
    expect(result.code, result.stderr).toBe(0);
  }
  return env;
}

describe('config unset', () => {
  it('removes that setting only: the rest of the profile and the other profiles stay as they were', async () => {
    const env = await configured();
    const unset = await mon('config unset base-url', { env });
    expect(unset).toMatchObject({ code: 0, stdout: '', stderr: '✓ Removed base-url from profile "default".\n' });
    expect(await listed(env)).toEqual({
      ...NOTHING_SET,
      profile: 'default',
      'ping-url': 'https://ping.example.com',
      timeout: 45,
    });
    expect(await listed(env, 'staging')).toEqual({ ...NOTHING_SET, profile: 'staging', timeout: 90 });
    const gone = await mon('config get base-url', { env });
    expect(gone).toMatchObject({ code: 1, stdout: '' });
    expect(gone.stderr).toContain('base-url is not set in profile "default"');
    expect(await mon('config get ping-url', { env })).toMatchObject({
      code: 0,
      stdout: 'https://ping.example.com\n',
    });
  });

  it('in a named profile, that profile only', async () => {
    const env = await configured();
    expect((await mon('--profile staging config unset timeout', { env })).stderr).toBe(
      '✓ Removed timeout from profile "staging".\n',
    );
    expect(await listed(env, 'staging')).toEqual({ ...NOTHING_SET, profile: 'staging' });
    expect(await listed(env)).toEqual({
      ...NOTHING_SET,
      profile: 'default',
      'base-url': 'https://api.example.com',
      'ping-url': 'https://ping.example.com',
      timeout: 45,
    });
  });

  it('a setting that is not set: said, exit 0, and nothing changes', async () => {
    const env = await configured();
    const before = await listed(env);
    const unset = await mon('config unset account', { env });
    expect(unset).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'account is not set in profile "default": nothing to remove.\n',
    });
    expect(await listed(env)).toEqual(before);
  });

  it('the last setting of a profile: the profile is then empty, and still there', async () => {
    const env = await configured();
    expect((await mon('--profile staging config unset timeout', { env })).code).toBe(0);
    // Still a profile (`--profile staging` is not "no such profile"), with nothing set.
    const get = await mon('--profile staging config get timeout', { env });
    expect(get.code).toBe(1);
    expect(get.stderr).toContain('timeout is not set in profile "staging"');
    expect(await listed(env, 'staging')).toEqual({ ...NOTHING_SET, profile: 'staging' });
  });
});
