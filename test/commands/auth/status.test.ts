/** `mon auth status`: every setting with where it came from, the key masked, and whether the key works. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { closedPort, memorySandbox, mon, TEST_KEY, testEnv } from '../../helpers';
import { loggedIn } from './fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('auth status', () => {
  it('shows where every value came from in auth status', async () => {
    const env = testEnv({ sandbox, env: { MON_TIMEOUT: '9', MON_PING_URL: undefined } });
    const result = await mon('auth status --no-color', { env, tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^SETTING +VALUE +SOURCE$/m);
    expect(result.stdout).toMatch(/^api-key +sk_…cdef +MON_API_KEY$/m);
    expect(result.stdout).toMatch(/^base-url +http:\/\/127\.0\.0\.1:\d+ +MON_BASE_URL$/m);
    expect(result.stdout).toMatch(/^timeout +9 +MON_TIMEOUT$/m);
    expect(result.stdout).toMatch(/^ping-url +— +not set$/m);
    expect(result.stderr).toContain('✓ The key works:');
  });
});

describe('keys as auth status shows them', () => {
  it.each([
    // 12 characters are enough to show the prefix and the last four.
    ['sk_abcdefghi', 'sk_…fghi'],
    // Under 12: nothing of the key.
    ['sk_abcdefgh', '••••'],
    // The prefix is letters and "_" at the start only.
    ['12ab_cdefghijklmn', '…klmn'],
  ])('MON_API_KEY=%s is shown as %s, and nowhere whole', async (key, shown) => {
    const env = testEnv({ sandbox, env: { MON_API_KEY: key } });
    const result = await mon('auth status --no-color', { env });
    expect(result.stdout).toMatch(new RegExp(`^api-key\t${shown}\tMON_API_KEY$`, 'm'));
    expect(result.stdout + result.stderr).not.toContain(key);
  });
});

describe('auth status after a login', () => {
  it('shows the stored values with their profile, the key masked, and the check of the key (--json too)', async () => {
    const env = await loggedIn(sandbox);
    const status = await mon('auth status', { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`base-url\t${sandbox.url}\tprofile "default"\n`);
    expect(status.stdout).toContain(`api-key\tsk_…${TEST_KEY.slice(-4)}\tprofile "default"\n`);
    expect(status.stdout).toContain('timeout\t30\tdefault\n');
    expect(status.stdout + status.stderr).not.toContain(TEST_KEY);

    const json = JSON.parse((await mon('auth status --json', { env })).stdout);
    expect(json['api-key']).toEqual({ value: `sk_…${TEST_KEY.slice(-4)}`, source: 'profile "default"' });
    expect(json['base-url']).toEqual({ value: sandbox.url, source: 'profile "default"' });
    expect(json['key-check']).toMatchObject({ result: 'ok' });
  });
});

describe('auth status checks the key', () => {
  it('auth status with a wrong MON_API_KEY exits 4 and names MON_API_KEY', async () => {
    const result = await mon(['auth', 'status'], {
      env: testEnv({ sandbox, env: { MON_API_KEY: 'sk_stale_000000000000' } }),
    });
    expect(result.code).toBe(4);
    expect(result.stdout).toContain('api-key\tsk_…0000\tMON_API_KEY\n');
    expect(result.stderr).toContain(
      'Authentication failed: the key from MON_API_KEY was rejected (401 Unauthorized: Bad Token).',
    );
    // No key is stored in this config dir: the hint does not send the user to one.
    expect(result.stderr).toContain('unset it and run `mon auth login` to store one');
    const json = await mon(['auth', 'status', '--json'], {
      env: testEnv({ sandbox, env: { MON_API_KEY: 'sk_stale_000000000000' } }),
    });
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)['key-check']).toMatchObject({ result: 'rejected', status: 401 });
  });

  it('auth status exits 0 when the key works, and 1 (saying so) when the server cannot be reached', async () => {
    const works = await mon(['auth', 'status'], { sandbox });
    expect(works.code, works.stderr).toBe(0);
    expect(works.stderr).toContain('✓ The key works'); // the data (settings) on stdout, the verdict on stderr
    const closed = await closedPort();
    await closed.release();
    const down = await mon(['auth', 'status', '--timeout', '5'], {
      env: testEnv({ sandbox, env: { MON_BASE_URL: closed.url } }),
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Could not check the key:');
    expect(down.stderr).toContain(closed.url.replace('http://', ''));
  });
});

describe('auth status --json', () => {
  it('auth status and config list use the flag names', async () => {
    const status = JSON.parse((await mon(['auth', 'status', '--json'], { sandbox })).stdout);
    expect(Object.keys(status)).toEqual([
      'mode',
      'modeReason',
      'profile',
      'base-url',
      'account',
      'api-key',
      'ping-url',
      'timeout',
      'accessible',
      'config-file',
      'key-check',
    ]);
    expect(status.timeout).toEqual({ value: 30, source: 'default' });
    expect(status.accessible).toEqual({ value: false, source: 'default' });
  });
});
