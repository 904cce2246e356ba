/**
 * `mon status --until healthy` in-process, reading every second (--interval 1) while the test
 * changes the sandbox on seeing mon's reads (events, not delays): exit 0 once a rehearsed
 * failure passes, a line per change and never a line per read (piped), one line in place on a
 * terminal, 3 at the first failure with --fail-fast, 124 once the clock passes --timeout, the
 * last read as JSON, and the flags that only go with --until refused without it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput, sandboxCall, type CliResult } from '../../helpers';
import { createDns } from '../checks/fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let now = T0;
let sandbox: Sandbox;
let shop = '';

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  shop = await createDns(sandbox, 'Shop DNS', ['shop']);
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const rehearse = (status: 'failing' | 'degraded' | 'passing') =>
  sandboxCall(sandbox, 'POST', `/__sandbox/checks/${shop}/status`, { status });

/** Resolves once mon has read the check statuses `count` times. */
async function reads(count: number): Promise<void> {
  const seen = () => sandbox.requests.filter((request) => request.path.startsWith('/v1/check-statuses')).length;
  while (seen() < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

const wait = (line: string, tty = false): Promise<CliResult> =>
  mon(`status --until healthy --tag shop --interval 1 ${line}`, { sandbox, now: () => now, tty, columns: 80 });

describe('status --until healthy', () => {
  it('exits 0 once a rehearsed failure passes: a line per change (not per read), then the outcome', async () => {
    await rehearse('failing');
    const waiting = wait('');
    await reads(3);
    await rehearse('passing');
    const result = await waiting;
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      '12:00:00Z  waiting: failing "Shop DNS"',
      '12:00:00Z  "Shop DNS": failing → passing',
      '12:00:00Z  healthy: nothing failing, degraded, late or open (tagged shop)',
    ]);
  });

  it('exits 0 at once when nothing needs attention', async () => {
    await rehearse('passing');
    const result = await wait('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('healthy');
  });

  it('on a terminal, one line redrawn in place, then the outcome', async () => {
    await rehearse('degraded');
    const waiting = wait('', true);
    await reads(2);
    await rehearse('passing');
    const result = await waiting;
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(result.stdout).toContain('\r\x1b[2K');
    expect(result.stdout).toContain('degraded "Shop DNS"');
    expect(result.stdout).toContain(': nothing failing, degraded, late or open');
  });

  it('--format md: each line an item of a list; --format tsv on a terminal: the lines, never redrawn', async () => {
    /** The wait's output once the check, `state` at first, passes after mon's second read. */
    const passing = async (state: 'failing' | 'degraded', line: string, tty = false) => {
      await rehearse(state);
      sandbox.requests.length = 0;
      const waiting = wait(line, tty);
      await reads(2);
      await rehearse('passing');
      const result = await waiting;
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    const healthy = '12:00:00Z  healthy: nothing failing, degraded, late or open (tagged shop)\n';
    expect(await passing('failing', '--format md')).toBe(
      `- 12:00:00Z  waiting: failing "Shop DNS"\n- 12:00:00Z  "Shop DNS": failing → passing\n- ${healthy}`,
    );
    expect(await passing('degraded', '--format tsv', true)).toBe(
      `12:00:00Z  waiting: degraded "Shop DNS"\n12:00:00Z  "Shop DNS": degraded → passing\n${healthy}`,
    );
  });

  it('--fail-fast exits 3 at the first failing check (a degraded one is waited on)', async () => {
    await rehearse('degraded');
    const waiting = wait('--fail-fast');
    await reads(2);
    await rehearse('failing');
    const result = await waiting;
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--fail-fast: "Shop DNS" is failing.');
    expect(result.stdout).toContain('"Shop DNS": degraded → failing');
  });

  it('--timeout: exit 124 once the clock has passed it, naming what is not healthy; --json: the last read', async () => {
    await rehearse('failing');
    const waiting = wait('--timeout 5m --json');
    await reads(1);
    now += 5 * 60_000;
    try {
      const result = await waiting;
      expect(result.code).toBe(124);
      expect(result.stderr).toContain('--timeout 5m ran out and it is not healthy: failing \\"Shop DNS\\"');
      const last = JSON.parse(result.stdout) as { result: string; checks: { checkId: string }[] };
      expect(last.result).toBe('timeout');
      expect(last.checks.map((check) => check.checkId)).toEqual([shop]);
    } finally {
      await rehearse('passing');
    }
  });
});

refusesBadInput([
  { what: '--fail-fast alone', line: 'status --fail-fast', says: '--fail-fast goes with --until healthy' },
  { what: '--timeout alone', line: 'status --timeout 5m', says: '--timeout goes with --until healthy' },
  { what: '--tag alone', line: 'status --tag shop', says: '--tag goes with --until healthy' },
  { what: 'an unknown state', line: 'status --until green', says: '--until' },
  { what: 'a timeout without a unit', line: 'status --until healthy --timeout 30', says: '--timeout' },
  { what: 'with --watch', line: 'status --until healthy --watch', says: '--until cannot be given with --watch' },
]);
