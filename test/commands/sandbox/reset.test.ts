/** `mon sandbox reset`: what it refuses, leaving the file as it was. (Through the real binary, on a terminal and beside a `mon sandbox` serving the file: test/e2e/sandbox-product.test.ts.) */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('sandbox reset', () => {
  it('never replaces a file that is not a sandbox journal (a mistyped --data), and info reports it', async () => {
    const notes = join(mkdtempSync(join(tmpdir(), 'mon-notes-')), 'notes.json');
    writeFileSync(notes, '{"mine": "keep me"}\n');
    const reset = await mon(['sandbox', 'reset', '--data', notes, '--yes']);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain(`${notes} is not a mon sandbox data file: it was left as it is.`);
    const info = await mon(['sandbox', 'info', '--data', notes]);
    expect(info.code).toBe(1);
    expect(info.stderr).toContain(`${notes} is not a mon sandbox data file`);
    expect(info.stderr).not.toContain('unexpected');
    expect(readFileSync(notes, 'utf8')).toBe('{"mine": "keep me"}\n');
  });

  it('without a terminal: its plan naming --yes (exit 9, as every destructive command) and nothing changed', async () => {
    const env = testEnv();
    expect((await mon('--sandbox runtimes list', { env })).code).toBe(0);
    const file = join(env.MON_DATA_DIR!, 'sandbox.jsonl');
    const before = readFileSync(file, 'utf8');
    const refused = await mon('--sandbox sandbox reset', { env });
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain('there is no terminal to confirm on: nothing was changed');
    expect(refused.stderr).toContain('Pass --yes (-y) to reset without asking.');
    // A local command: no token, its confirmCommand says --yes.
    expect(JSON.parse(refused.stdout)).toEqual({
      status: 'confirmation_required',
      command: 'sandbox reset',
      classification: { kind: 'destructive', readOnly: false, destructive: true, idempotent: true },
      changes: [`The sandbox data file ${file}: everything in it replaced with the sample data`],
      confirmCommand: 'mon --sandbox sandbox reset --yes',
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
