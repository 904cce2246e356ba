/** `mon runtimes list`: the runtimes as a table on a terminal, TSV piped, the body with --json. */
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
