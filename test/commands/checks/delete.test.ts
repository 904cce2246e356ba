/**
 * `mon checks delete CHECK` in-process against the sandbox: refused without --yes and
 * without a terminal (its plan, exit 9), the confirmation naming the check, --dry-run, --yes.
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
  it('without a terminal and without --yes: its plan on stdout (naming the check), exit 9 naming --yes, nothing deleted', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['checks', 'delete', ids['Web 1']!], { sandbox });
    expect(result.code).toBe(9);
    expect(result.stderr).toContain('there is no terminal to confirm on: it was planned, nothing was sent.');
    expect(result.stderr).toContain('or pass --yes (-y) to go ahead without a plan');
    const plan = JSON.parse(result.stdout);
    expect(plan).toMatchObject({
      status: 'confirmation_required',
      command: 'checks delete',
      classification: { kind: 'destructive', readOnly: false, destructive: true, idempotent: true },
      target: { kind: 'check', id: ids['Web 1'], name: 'Web 01' },
      changes: [`Check "Web 01" (${ids['Web 1']}), DNS: deleted`],
      request: { method: 'DELETE', path: `/v1/checks/${ids['Web 1']}` },
    });
    expect(plan.confirmCommand).toBe(`mon checks delete ${ids['Web 1']} --plan-token ${plan.planToken}`);
    // Looked up to be named; nothing deleted.
    expect(sandbox.requests.map((entry) => entry.method)).not.toContain('DELETE');
    expect((await cli(['checks', 'get', ids['Web 1']!], { sandbox })).code).toBe(0);
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
    expect(JSON.parse(dry.stdout)).toMatchObject({
      status: 'dry_run',
      request: { method: 'DELETE', path: `/v1/checks/${ids['Web 2']}` },
    });
    expect(dry.stdout).not.toContain('planToken');
    expect(sandbox.requests.filter((entry) => entry.method === 'DELETE')).toEqual([]);
    const done = await cli(['checks', 'delete', 'web 02', '--yes'], { sandbox });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`Deleted the check Web 02 (${ids['Web 2']!.slice(0, 8)}), DNS.`);
    expect((await cli(['checks', 'get', ids['Web 2']!], { sandbox })).code).toBe(6);
  });
});
