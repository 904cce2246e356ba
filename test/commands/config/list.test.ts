/** `mon config list`: every setting of the profile, the API key's value never among them. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('config list', () => {
  it('lists every setting of the profile as JSON, null where unset', async () => {
    const env = testEnv();
    expect((await mon('config set base-url https://api.example.com/', { env })).code).toBe(0);
    const list = JSON.parse((await mon('config list --json', { env })).stdout);
    expect(list).toEqual({
      profile: 'default',
      'base-url': 'https://api.example.com',
      account: null,
      'ping-url': null,
      timeout: null,
      'api-key': null,
      accessible: null,
    });
  });

  it('piped: one setting a line, in the order of --json, empty where unset', async () => {
    const env = testEnv();
    expect((await mon('config set timeout 45', { env })).code).toBe(0);
    const list = await mon('config list', { env });
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toBe(
      'profile\tdefault\nbase-url\t\naccount\t\napi-key\t\nping-url\t\ntimeout\t45\naccessible\t\n',
    );
  });

  it('a profile that does not exist: exit 2, naming it and the profiles there are', async () => {
    const env = testEnv();
    expect((await mon('--profile staging config set timeout 45', { env })).code).toBe(0);
    const list = await mon('--profile prod config list', { env });
    expect(list.code).toBe(2);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('There is no profile "prod" (from --profile). Profiles: staging.');
  });
});
