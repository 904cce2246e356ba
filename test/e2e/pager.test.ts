/**
 * Long tables on a terminal go through a pager (MON_PAGER, then PAGER, then `less -FRX`);
 * never when piped, never with --json, and not at all with MON_PAGER empty or `cat`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { requireTool } from '../tools';
import {
  inTerminal,
  requireTerminal,
  runMon,
  startSandbox,
  tempDir,
  withoutSpinner,
  type SandboxProcess,
} from './harness';

const COUNT = 30;

function incident(n: number) {
  const id = `abcdef${String(n).padStart(2, '0')}-0000-4000-8000-000000000000`;
  return {
    id,
    name: `Paged incident ${n}`,
    severity: 'MINOR',
    services: [
      { id: SEED_SERVICES.api, name: 'Public API', accountId: 'acct', created_at: '2026-01-15', updated_at: null },
    ],
    incidentUpdates: [
      {
        id: `${id.slice(0, 24)}aaaaaaaaaaaa`,
        description: 'Investigating',
        status: 'INVESTIGATING',
        publicIncidentUpdateDate: '2026-11-20T10:00:00.000Z',
        created_at: '2026-11-20',
        notifySubscribers: false,
      },
    ],
    lastUpdateStatus: 'INVESTIGATING',
    duration: null,
    created_at: '2026-11-20',
    updated_at: '2026-11-20',
  };
}

let sandbox: SandboxProcess;
beforeAll(async () => {
  const dataFile = join(tempDir('mon-pager-'), 'data.jsonl');
  const lines = [
    { format: 'mon-sandbox', version: 1 },
    ...Array.from({ length: COUNT }, (_, n) => ({ c: 'incidents', put: incident(n + 1) })),
  ];
  writeFileSync(dataFile, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  sandbox = await startSandbox([], { dataFile });
});
afterAll(() => sandbox?.stop());

const LIST = ['incidents', 'list', '--limit', String(COUNT)];
const SMALL = { columns: 120, rows: 10 };

describe('the pager', () => {
  beforeEach((context) => requireTerminal(context));

  it('a table taller than the terminal goes through MON_PAGER (before PAGER)', async () => {
    const result = await inTerminal(LIST, sandbox.env({ MON_PAGER: 'sed s/^/paged:/', PAGER: 'false' }), SMALL).done;
    expect(result.code).toBe(0);
    const paged = withoutSpinner(result.stdout)
      .split(/\r?\n/)
      .filter((line) => line.startsWith('paged:'));
    expect(paged).toHaveLength(COUNT + 1);
    expect(paged[0]).toMatch(/^paged:.*NAME/);
    expect(paged.at(-1)).toContain('Paged incident 1');
  });

  it('PAGER when MON_PAGER is not set', async () => {
    const result = await inTerminal(LIST, sandbox.env({ PAGER: 'sed s/^/viaPAGER:/' }), SMALL).done;
    expect(result.code).toBe(0);
    expect(
      withoutSpinner(result.stdout)
        .split(/\r?\n/)
        .filter((line) => line.startsWith('viaPAGER:')),
    ).toHaveLength(COUNT + 1);
  });

  it('none with MON_PAGER empty or `cat`, for a table that fits the terminal, when piped, or with --json', async () => {
    const pager = { PAGER: 'sed s/^/paged:/' };
    for (const off of ['', 'cat']) {
      const result = await inTerminal(LIST, sandbox.env({ ...pager, MON_PAGER: off }), SMALL).done;
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Paged incident 30');
      expect(result.stdout).not.toContain('paged:');
    }
    const fits = await inTerminal(['incidents', 'list', '--limit', '5'], sandbox.env(pager), SMALL).done;
    expect(fits.stdout).toContain('Paged incident 26');
    expect(fits.stdout).not.toContain('paged:');
    const piped = await runMon(LIST, { env: sandbox.env(pager) });
    expect(piped.stdout.split('\n').filter(Boolean)).toHaveLength(COUNT);
    expect(piped.stdout).not.toContain('paged:');
    const json = await inTerminal([...LIST, '--json'], sandbox.env(pager), SMALL).done;
    expect(json.stdout).toContain('"Paged incident 30"');
    expect(json.stdout).not.toContain('paged:');
  });

  it('a pager that cannot be started is said on stderr, and the table is printed without it', async () => {
    const result = await inTerminal(LIST, sandbox.env({ MON_PAGER: 'no-such-pager-here -x' }), SMALL).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'the pager "no-such-pager-here -x" could not be started (there is no such file or directory)',
    );
    expect(result.stdout).toContain('Paged incident 1');
  });

  it('by default `less -FRX`: the first screen, until the person quits with q; mon then ends with 0', async (context) => {
    requireTool(context, 'less');
    const run = inTerminal(LIST, sandbox.env(), SMALL);
    await run.waitFor('Paged incident 30');
    run.type('q');
    const result = await run.done;
    expect(result.code).toBe(0);
    // One screen of 10 lines: the header and the newest rows, not the oldest.
    expect(result.stdout).not.toContain('Paged incident 1 ');
  });
});
