/** `mon runtimes list`: the runtimes as a table on a terminal, TSV piped, the body with --json. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, sandboxCall, tsvRows } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('runtimes list', () => {
  it('shows runtimes with a header, stages and end of life in days', async () => {
    const result = await mon('runtimes list --no-color', { sandbox, tty: true, columns: 140 });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STAGE\s+NODE\.JS\s+END OF LIFE\s+MULTI-STEP\s+DESCRIPTION$/);
    expect(lines[2]).toMatch(/^2025\.04\s+CURRENT\s+v22\.14\.0\s+2027-04-30 \((in|ago)[^)]*\)\s+yes\s+Main updates/);
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe('runtimes list piped', () => {
  it('lists runtimes as TSV when piped, and as the exact body with --json', async () => {
    const tsv = await mon('runtimes list', { sandbox });
    expect(tsv.code).toBe(0);
    const rows = tsvRows(tsv.stdout);
    expect(rows.map((row) => row[0])).toEqual([
      '2026.04',
      '2025.04',
      '2024.09',
      '2024.02',
      '2023.09',
      '2023.02',
      '2022.10',
    ]);
    expect(rows[1]).toEqual(['2025.04', 'CURRENT', 'v22.14.0', '2027-04-30', 'true', expect.any(String)]);

    const json = await mon('runtimes list --json', { sandbox });
    const direct = await sandboxCall(sandbox, 'GET', '/v1/runtimes');
    expect(JSON.parse(json.stdout)).toEqual(direct.body);
    expect(json.stdout).toBe(`${JSON.stringify(direct.body, null, 2)}\n`);
  });
});
