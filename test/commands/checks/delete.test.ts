/**
 * `mon checks delete CHECK` in-process against the sandbox: refused without --yes and
 * without a terminal, the confirmation naming the check, --dry-run, --yes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli } from '../../helpers';
import { checksFixture } from './fixture';

let sandbox: Sandbox;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ sandbox, ids } = await checksFixture());
});
afterAll(() => sandbox.close());

describe('mon checks delete', () => {
  it('without a terminal and without --yes: exit 2 naming --yes, nothing sent', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['checks', 'delete', ids['Web 1']!], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs --yes without a terminal');
    expect(sandbox.requests).toEqual([]);
  });

  it('on a terminal, names the check and deletes nothing when the answer is no', async () => {
    const result = await cli(['checks', 'delete', ids['Web 1']!.slice(0, 8)], {
      sandbox,
      tty: true,
      answers: [{ message: `Delete the check Web 01 (${ids['Web 1']!.slice(0, 8)}), DNS?`, answer: false }],
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Nothing was deleted.');
    expect((await cli(['checks', 'get', ids['Web 1']!], { sandbox })).code).toBe(0);
  });

  it('--dry-run prints the DELETE and sends nothing; --yes deletes, and the check is gone', async () => {
    sandbox.requests.length = 0;
    const dry = await cli(['checks', 'delete', 'web 02', '--dry-run'], { sandbox });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${sandbox.url}/v1/checks/${ids['Web 2']}`);
    expect(sandbox.requests.filter((entry) => entry.method === 'DELETE')).toEqual([]);
    const done = await cli(['checks', 'delete', 'web 02', '--yes'], { sandbox });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`Deleted the check Web 02 (${ids['Web 2']!.slice(0, 8)}), DNS.`);
    expect((await cli(['checks', 'get', ids['Web 2']!], { sandbox })).code).toBe(6);
  });
});
