/** `mon config get KEY`: one setting of the profile, as stored. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('config get', () => {
  it('prints a stored setting of the profile, and says (exit 1) when it is not set', async () => {
    const env = testEnv();
    expect((await mon('--profile staging config set timeout 45', { env })).code).toBe(0);
    expect((await mon('--profile staging config get timeout', { env })).stdout).toBe('45\n');
    const unset = await mon('config get ping-url', { env });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('ping-url is not set in profile "default"');
  });
});
