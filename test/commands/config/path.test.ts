/** `mon config path`: where the profiles are stored. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('config path', () => {
  it('prints the config file in MON_CONFIG_DIR', async () => {
    const env = testEnv();
    expect((await mon('config path', { env })).stdout).toBe(`${join(env.MON_CONFIG_DIR!, 'config.json')}\n`);
  });
});
