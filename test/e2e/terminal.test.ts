/**
 * The terminal experience, end to end, on a real pseudo-terminal: progress while waiting, and
 * tables in colour. (Help as data: test/core/help.test.ts; short flags and full pages:
 * test/commands/incidents/.)
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import {
  BIN,
  hasScript,
  inTerminal,
  requireTerminal,
  runMon,
  startSandbox,
  withoutSpinner,
  type SandboxProcess,
} from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.stop());

describe('progress on a terminal', () => {
  beforeEach((context) => requireTerminal(context));
  let slow: SandboxProcess;
  beforeAll(async () => {
    if (!hasScript) return;
    slow = await startSandbox(['--faults', 'delay:800']);
    for (const name of ['One', 'Two', 'Three']) {
      await slow.call('POST', '/v1/status-pages/incidents', {
        name,
        severity: 'MINOR',
        services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: slow.info.accountId }],
        incidentUpdates: [{ description: 'x' }],
      });
    }
  });
  afterAll(() => slow?.stop());

  it('a slow request shows a spinner naming what it waits for, cleared before the table', async () => {
    const run = inTerminal(['incidents', 'list'], slow.env());
    const result = await run.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/. Waiting for GET \/v1\/status-pages\/incidents\x1b\[K/);
    expect(result.stdout).toMatch(/\r\x1b\[K[^]*NAME/); // the line is cleared, then the table
  });

  it('--all shows "Fetched N pages (M entries)…"', async () => {
    const result = await inTerminal(['incidents', 'list', '--all', '-L', '1'], slow.env()).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Fetched [12] pages? \([12] entr(y|ies)\)…/);
  });

  it('nothing of it when piped or with --json', async () => {
    const piped = await runMon(['incidents', 'list'], { env: slow.env() });
    expect(piped.stderr).not.toContain('Waiting for');
    const json = await inTerminal(['incidents', 'list', '--json'], slow.env()).done;
    expect(json.stdout).not.toContain('Waiting for');
  });
});

describe('tables on a real terminal', () => {
  it('draws a table with a bold header and coloured stages (through a pty)', (context) => {
    requireTerminal(context);
    const result = spawnSync('script', ['-qec', `node ${BIN} runtimes list`, '/dev/null'], {
      env: { ...sandbox.env(), TERM: 'xterm-256color', COLUMNS: '120' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('\u001b[1mNAME\u001b[22m');
    expect(result.stdout).toMatch(/2025\.04\s+\u001b\[32mCURRENT\u001b\[39m/);
    const plain = spawnSync('script', ['-qec', `node ${BIN} runtimes list`, '/dev/null'], {
      env: { ...sandbox.env(), TERM: 'xterm-256color', NO_COLOR: '1' },
      encoding: 'utf8',
    });
    // A loaded machine may show the spinner (stderr, the same terminal) before the table.
    expect(withoutSpinner(plain.stdout)).toMatch(/^NAME\s+STAGE/);
    expect(withoutSpinner(plain.stdout)).not.toContain('\u001b[');
  });
});

describe('colour forced on a pipe (FORCE_COLOR=1: chalk is loaded for it)', () => {
  it("colours status's verdict and an error's label, with the same escapes a terminal gets; nothing without it", async () => {
    const status = await runMon(['status'], { env: sandbox.env({ FORCE_COLOR: '1' }) });
    expect(status.code).toBe(0);
    expect(status.stdout).toBe(
      '\u001b[32m✓\u001b[39m All clear: no open incidents, failing checks or late heartbeats.\n',
    );
    const wrong = await runMon(['incidents', 'list', '--bogus'], { env: sandbox.env({ FORCE_COLOR: '1' }) });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^\u001b\[31merror:\u001b\[39m unknown option '--bogus'\n/);
    const piped = await runMon(['status'], { env: sandbox.env() });
    expect(piped.stdout).toBe('✓ All clear: no open incidents, failing checks or late heartbeats.\n');
  });
});
