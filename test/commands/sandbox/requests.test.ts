/** `mon sandbox requests`: what the sandbox received, credentials masked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('sandbox requests', () => {
  it('sandbox requests: the end of each path, IDs shortened first', async () => {
    sandbox.requests.length = 0;
    const incident = 'ec791282-e6e9-4bb1-9de4-d887c2814beb';
    const update = '7f01eb31-e22d-4ba2-b88b-91708387fe0f';
    await mon(`incidents updates get ${incident} ${update}`, { sandbox });
    const table = await mon('sandbox requests --no-color', { sandbox, tty: true, columns: 80 });
    const row = table.stdout.split('\n')[1]!;
    expect(row.length).toBeLessThanOrEqual(80);
    expect(row).toMatch(/ GET +\/v1\/status-p…\/ec79…\/incident-updates\/7f01… +404 /);
  });

  it('sandbox requests with nothing recorded says why on stderr, piped too (exit 0, nothing on stdout)', async () => {
    sandbox.requests.length = 0;
    const piped = await mon('sandbox requests', { sandbox });
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: 'No requests recorded yet.\n' });
    const embedded = await mon('--sandbox sandbox requests');
    expect(embedded.code).toBe(0);
    expect(embedded.stdout).toBe('');
    expect(embedded.stderr).toContain('The embedded sandbox (--sandbox) starts afresh for each command');
  });
});
