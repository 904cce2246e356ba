/** `mon config unset KEY`: a setting of the profile removed. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('config unset', () => {
  it('removes a stored setting: `config get` then says it is not set', async () => {
    const env = testEnv();
    expect((await mon('config set base-url https://api.example.com/', { env })).code).toBe(0);
    expect((await mon('config unset base-url', { env })).code).toBe(0);
    expect((await mon('config get base-url', { env })).code).toBe(1);
  });
});
