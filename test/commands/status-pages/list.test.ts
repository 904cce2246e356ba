/** `mon status-pages list`: one row per service, pages, --limit. */
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

describe('status-pages list', () => {
  it('shows status pages one service per row and tells how to get the next page', async () => {
    const result = await mon('status-pages list --limit 1 --no-color', {
      sandbox,
      tty: true,
      columns: 120,
    });
    expect(result.stdout.split('\n')[0]).toMatch(/^STATUS PAGE\s+URL\s+CARD\s+SERVICE\s+SERVICE ID$/);
    // On a terminal the ID shows its first 8 characters, as in every table.
    expect(result.stdout).toMatch(/Acme Cloud\s+acme-cloud\s+Core platform\s+Public API\s+0b7e6a3c$/m);
    expect(result.stderr).toContain(
      'More on the next page: mon status-pages list --limit 1 --next-id 6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
    );
  });

  it('status-pages list: every service name whole, IDs of 8 characters; piped and --json, whole IDs', async () => {
    const table = await mon('status-pages list --no-color', { sandbox, tty: true, columns: 80 });
    const rows = table.stdout.trimEnd().split('\n');
    expect(rows.every((row) => row.length <= 80)).toBe(true);
    const services: [string, string][] = [
      ['Public API', '0b7e6a3c'],
      ['Web app', '1c8f7b4d'],
      ['Webhooks', '2d9a8c5e'],
      ['Primary database', '3eab9d6f'],
      ['Job queue', '4fbcae70'],
      ['Checkout', '50cdbf81'],
      ['Payouts', '61dec092'],
    ];
    for (const [name, short] of services)
      expect(
        rows.some((row) => new RegExp(`  ${name}  +${short}$`).test(row)),
        name,
      ).toBe(true);
    const piped = await mon('status-pages list', { sandbox });
    expect(piped.stdout).toContain('\tPrimary database\t3eab9d6f-5d1f-4c2a-9e8b-1a2b3c4d5e04\n');
    const json = await mon('status-pages list --json', { sandbox, tty: true, columns: 80 });
    expect(json.stdout).toContain('"id": "3eab9d6f-5d1f-4c2a-9e8b-1a2b3c4d5e04"');
  });

  it('names the flag and points at the command help', async () => {
    const result = await mon('status-pages list --limit 500', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: --limit must be a whole number from 1 to 100 (got 500).\nSee `mon status-pages list --help`.\n',
    );
  });
});
