/** `mon config set|get|list|unset|path`: settings per profile, the key never among them. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mon, testEnv, refusesBadInput } from '../../helpers';

describe('config set, get, list, unset', () => {
  it('sets, gets, lists and unsets settings per profile, never showing the key', async () => {
    const env = testEnv();
    expect((await mon('config set base-url https://api.example.com/', { env })).code).toBe(0);
    expect((await mon('--profile staging config set timeout 45', { env })).code).toBe(0);
    expect((await mon('config get base-url', { env })).stdout).toBe('https://api.example.com\n');
    expect((await mon('--profile staging config get timeout', { env })).stdout).toBe('45\n');
    const unset = await mon('config get ping-url', { env });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('ping-url is not set in profile "default"');
    const key = await mon('config set api-key sk_live_secret_value', { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('mon auth login');
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
    expect((await mon('config unset base-url', { env })).code).toBe(0);
    expect((await mon('config get base-url', { env })).code).toBe(1);
    expect((await mon('config path', { env })).stdout).toBe(`${join(env.MON_CONFIG_DIR!, 'config.json')}\n`);
    const bad = await mon('config set timeout soon', { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('timeout');
  });
});

refusesBadInput([
  { what: 'a timeout that is a word', line: 'config set timeout soon', says: 'Invalid timeout "soon"' },
  { what: 'an unknown setting', line: 'config set colour red', says: 'Unknown setting "colour"' },
  { what: 'the API key', line: 'config set api-key sk_live_0123456789', says: 'mon auth login' },
]);
