/** `mon status-pages list`: one row per service, pages, --limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput, tsvRows } from '../../helpers';

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
    // The hint is wrapped to the terminal between words, the command kept whole.
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      'There may be more: `mon status-pages list --limit 1 --next-id 6b1d2a1f-8d2b-4e6f-a1c3-000000000002` shows the next page, --all every one.',
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

describe('status-pages list piped', () => {
  it('prints one row per service, as TSV and as the page body with --json', async () => {
    const tsv = await mon('status-pages list', { sandbox });
    expect(tsv.code).toBe(0);
    const rows = tsvRows(tsv.stdout);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual([
      'Acme Cloud',
      'acme-cloud',
      'Core platform',
      'Public API',
      '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01',
    ]);
    const json = JSON.parse((await mon('status-pages list --json --limit 2', { sandbox })).stdout);
    expect(json).toMatchObject({ length: 2, nextId: '7c2e3b20-8d2b-4e6f-a1c3-000000000003' });
    expect(json.entries.map((page: { name: string }) => page.name)).toEqual(['Acme Cloud', 'Acme Internal']);
  });

  it('follows every page with --all, and --next-id starts where asked', async () => {
    sandbox.requests.length = 0;
    const all = await mon('status-pages list --all --limit 1 --json', { sandbox });
    expect(all.code).toBe(0);
    const pages = JSON.parse(all.stdout);
    expect(pages.map((page: { name: string }) => page.name)).toEqual(['Acme Cloud', 'Acme Internal', 'Acme Payments']);
    const requests = sandbox.requests.map((request) => request.path);
    expect(requests).toEqual([
      '/v1/status-pages?limit=1',
      '/v1/status-pages?limit=1&nextId=6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
      '/v1/status-pages?limit=1&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
    const tsv = await mon('status-pages list --all --limit 2', { sandbox });
    expect(tsv.stdout.trim().split('\n')).toHaveLength(7);
    const next = await mon('status-pages list --next-id 7c2e3b20-8d2b-4e6f-a1c3-000000000003', {
      sandbox,
    });
    expect(
      next.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[3]),
    ).toEqual(['Checkout', 'Payouts']);
  });

  it.each([['0'], ['101'], ['x'], ['2.5']])('refuses --limit %s with exit 2 and sends nothing', async (limit) => {
    sandbox.requests.length = 0;
    const result = await mon(`status-pages list --limit ${limit}`, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100');
    expect(sandbox.requests).toEqual([]);
  });
});

refusesBadInput([
  {
    what: '--limit 0',
    line: 'status-pages list --limit 0',
    says: '--limit must be a whole number from 1 to 100 (got 0)',
  },
  {
    what: '--limit 101',
    line: 'status-pages list --limit 101',
    says: '--limit must be a whole number from 1 to 100 (got 101)',
  },
  {
    what: '--limit x',
    line: 'status-pages list --limit x',
    says: '--limit must be a whole number from 1 to 100 (got "x")',
  },
  { what: '--next-id with "/"', line: 'status-pages list --next-id a/b', says: '--next-id must not contain "/"' },
  { what: '--next-id ".."', line: 'status-pages list --next-id ..', says: '--next-id must not be "." or ".."' },
]);
