/** `mon config set`: a setting per profile, checked as typed; never the API key. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv, refusesBadInput } from '../../helpers';

describe('config set', () => {
  it('sets a setting in the default profile or the one named, as `config get` then reads it', async () => {
    const env = testEnv();
    expect((await mon('config set base-url https://api.example.com/', { env })).code).toBe(0);
    expect((await mon('--profile staging config set timeout 45', { env })).code).toBe(0);
    expect((await mon('config get base-url', { env })).stdout).toBe('https://api.example.com\n');
    expect((await mon('--profile staging config get timeout', { env })).stdout).toBe('45\n');
  });

  it('refuses the API key (`mon auth login` checks and stores it) and a value of the wrong kind', async () => {
    const env = testEnv();
    const key = await mon('config set api-key sk_live_secret_value', { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('mon auth login');
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
