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
});
