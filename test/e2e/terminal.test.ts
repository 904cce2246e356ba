/**
 * The terminal experience, end to end: help as data, short IDs, short flags, full pages.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import {
  BIN,
  cleanEnv,
  hasScript,
  inTerminal,
  requireTerminal,
  runMon,
  startSandbox,
  type SandboxProcess,
} from './harness';
import { TWINS, twinsDataFile } from '../commands/incidents/twins';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox([], { dataFile: twinsDataFile() });
});
afterAll(() => sandbox?.stop());

describe('help is data', () => {
  it('`mon` alone prints its help on stdout and exits 0', async () => {
    const result = await runMon([], { env: cleanEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: mon \[options\] \[command\]/);
    expect(result.stdout).toContain('Status pages and incidents:');
  });

  it('`mon help incidents list` is the help of `mon incidents list`; every line fits 80 columns when piped', async () => {
    const help = await runMon(['help', 'incidents', 'list'], { env: cleanEnv() });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mon incidents list \[options\]/);
    expect(help.stdout).toBe((await runMon(['incidents', 'list', '--help'], { env: cleanEnv() })).stdout);
    expect(help.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});

describe('short flags and full pages', () => {
  it('-m and -s are --message and --status', async () => {
    await sandbox.clearRequests();
    const result = await runMon(
      ['incidents', 'update', TWINS[0]!, '-s', 'monitoring', '-m', 'Watching.', '--dry-run'],
      { env: sandbox.env() },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('"description": "Watching."');
    expect(result.stdout).toContain('"status": "MONITORING"');
  });

  it('--all asks for 100 a page; -L sets the page size', async () => {
    await sandbox.clearRequests();
    expect(
      (await runMon(['incidents', 'list', '--status', 'all', '--all', '--json'], { env: sandbox.env() })).code,
    ).toBe(0);
    expect((await sandbox.requests()).map((request) => request.path)).toEqual(['/v1/status-pages/incidents?limit=100']);
    await sandbox.clearRequests();
    expect(
      (await runMon(['incidents', 'list', '--status', 'all', '--all', '-L', '2', '--json'], { env: sandbox.env() }))
        .code,
    ).toBe(0);
    expect((await sandbox.requests()).every((request) => request.path.includes('limit=2'))).toBe(true);
  });
});

describe.skipIf(!hasScript)('progress on a terminal', () => {
  let slow: SandboxProcess;
  beforeAll(async () => {
    slow = await startSandbox(['--faults', 'delay:800']);
    for (const name of ['One', 'Two', 'Three']) {
      await runMon(
        ['incidents', 'create', '--name', name, '--severity', 'minor', '--service', SEED_SERVICES.api, '-m', 'x'],
        { env: slow.env() },
      );
    }
  }, 60_000);
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
    expect(plain.stdout).toMatch(/^NAME\s+STAGE/);
    expect(plain.stdout).not.toContain('\u001b[');
  });
});
