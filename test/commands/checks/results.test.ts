/**
 * `mon checks results CHECK` in-process: the results newest first (piped: tab-separated, whole
 * IDs; --json as received), --failed, --limit, and --since longer than the API's 6 hours read as
 * several windows of at most 6 hours (the requests the sandbox received), with its bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput, sandboxCall, tsvRows } from '../../helpers';
import { createDns } from './fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let now = T0;
let sandbox: Sandbox;
let id = '';

/** One run of the check, finished: its result is then among the check's results. */
async function runOnce(status: 'passing' | 'failing'): Promise<void> {
  await sandboxCall(sandbox, 'POST', `/__sandbox/checks/${id}/status`, { status });
  await sandboxCall(sandbox, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } });
  now += 60_000;
}

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  id = await createDns(sandbox, 'Shop DNS', ['shop']);
  // 8 hours ago, then four runs in the last few minutes: passed, failed, passed, failed.
  now = T0 - 8 * 3600_000;
  await runOnce('failing');
  now = T0;
  for (const status of ['passing', 'failing', 'passing', 'failing'] as const) await runOnce(status);
});
afterAll(() => sandbox.close());

const resultPaths = () =>
  sandbox.requests
    .filter((request) => request.path.startsWith('/v1/check-results/'))
    .map((request) => new URL(request.path, 'http://sandbox').searchParams);

describe('checks results', () => {
  it('lists the last 6 hours newest first: piped, a row per result with its whole ID', async () => {
    sandbox.requests.length = 0;
    const result = await mon('checks results "Shop DNS"', { sandbox, now: () => now });
    expect(result.code, result.stderr).toBe(0);
    const rows = tsvRows(result.stdout);
    expect(rows.map((row) => row[1])).toEqual(['failed', 'passed', 'failed', 'passed']);
    for (const row of rows) expect(row[4]).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]![0]! > rows[1]![0]!).toBe(true);
    expect(resultPaths()).toHaveLength(1);
  });

  it('--failed keeps the failed ones; --limit stops at that many', async () => {
    const failed = await mon('checks results "Shop DNS" --failed', { sandbox, now: () => now });
    expect(tsvRows(failed.stdout).map((row) => row[1])).toEqual(['failed', 'failed']);
    const two = await mon('checks results "Shop DNS" --limit 2 --json', { sandbox, now: () => now });
    const results = JSON.parse(two.stdout) as { id: string; hasFailures: boolean }[];
    expect(results.map((entry) => entry.hasFailures)).toEqual([true, false]);
  });

  it('--since 12h reads two windows of 6 hours (the API answers no more per request) and finds the older run', async () => {
    sandbox.requests.length = 0;
    const result = await mon('checks results "Shop DNS" --since 12h --failed', { sandbox, now: () => now });
    expect(result.code, result.stderr).toBe(0);
    expect(tsvRows(result.stdout)).toHaveLength(3);
    const windows = resultPaths().map((query) => [Number(query.get('from')), Number(query.get('to'))]);
    expect(windows).toHaveLength(2);
    for (const [from, to] of windows) expect(to! - from!).toBeLessThanOrEqual(6 * 3600);
    expect(windows[0]![0]).toBe(windows[1]![1]);
  });

  it('--limit 1 and 1000 are taken (1000 is read 100 a request); 0 and 1001 are refused below', async () => {
    const one = await mon('checks results "Shop DNS" --limit 1', { sandbox, now: () => now });
    expect(tsvRows(one.stdout)).toHaveLength(1);
    sandbox.requests.length = 0;
    const most = await mon('checks results "Shop DNS" --limit 1000', { sandbox, now: () => now });
    expect(most.code, most.stderr).toBe(0);
    expect(tsvRows(most.stdout)).toHaveLength(4);
    expect(resultPaths().map((query) => query.get('limit'))).toEqual(['100']);
  });

  it('--since 30d is taken; one second more is refused', async () => {
    expect((await mon('checks results "Shop DNS" --since 30d --limit 1', { sandbox, now: () => now })).code).toBe(0);
    const over = await mon('checks results "Shop DNS" --since 2592001s', { sandbox, now: () => now });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--since must be at most 30d');
  });

  it('prints nothing when nothing was found in the period (and says so on a terminal)', async () => {
    now += 3600_000;
    try {
      const piped = await mon('checks results "Shop DNS" --since 1m', { sandbox, now: () => now });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toBe('');
      const shown = await mon('checks results "Shop DNS" --since 1m --failed', { sandbox, now: () => now, tty: true });
      expect(shown.stderr).toContain('No failed results in that period.');
    } finally {
      now -= 3600_000;
    }
  });
});

refusesBadInput([
  { what: 'no CHECK', line: 'checks results', says: 'CHECK' },
  { what: 'a limit of 0', line: 'checks results abcdef12 --limit 0', says: '--limit' },
  { what: 'a limit past 1000', line: 'checks results abcdef12 --limit 1001', says: '--limit' },
  { what: 'a since without a unit', line: 'checks results abcdef12 --since 6', says: '--since' },
  { what: 'a since past 30 days', line: 'checks results abcdef12 --since 31d', says: '--since must be at most 30d' },
]);
