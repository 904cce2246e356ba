/** `mon heartbeats events`: the events of a heartbeat check as a person (terminal) and a script (pipe, --json) see them. The time window's flags: shared/window.test.ts. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, testEnv, refusesBadInput, tsvRows } from '../../helpers';
import { seededCheckId } from './fixture';

let sandbox: Sandbox;
let hourly: string;
let queue: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  hourly = seededCheckId(sandbox, 'Hourly report');
  queue = seededCheckId(sandbox, 'Queue worker');
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

describe('heartbeats events output', () => {
  it('piped: one TSV row per event (time, state, source, user agent), newest first, and no ratios', async () => {
    const result = await mon(`heartbeats events ${hourly} --limit 2`, { sandbox });
    expect(result.code).toBe(0);
    const rows = tsvRows(result.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      'RECEIVED',
      '10.0.3.21',
      'curl/8.5.0',
    ]);
    expect(Date.parse(rows[0]![0]!)).toBeGreaterThan(Date.parse(rows[1]![0]!));
    expect(result.stdout).not.toContain('Success ratio');
  });

  it('on a terminal: a table with coloured states, then the 24 h and 7 d success ratios against the period before', async () => {
    const result = await mon(`heartbeats events ${hourly}`, {
      sandbox,
      tty: true,
      env: testEnv({ sandbox, env: { FORCE_COLOR: '1' } }),
    });
    expect(result.code).toBe(0);
    const plain = result.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^TIME +STATE +SOURCE +USER AGENT\n/);
    expect(plain).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(\d+m ago\) +RECEIVED +10\.0\.3\.21 +curl\/8\.5\.0/);
    expect(plain).toMatch(/FAILING +— +—/);
    expect(result.stdout).toContain('\x1b[32mRECEIVED');
    expect(result.stdout).toContain('\x1b[31mFAILING');
    expect(result.stdout).toContain('\x1b[33mLATE');
    expect(plain).toMatch(
      /Success ratio, last 24 hours: +9\d\.\d+% {2}▼ from 100% the 24 hours before {2}· 2\d events\n/,
    );
    expect(plain).toMatch(
      /Success ratio, last 7 days: +9\d\.\d+% {2}\(no data for the 7 days before to compare with\) {2}· 2\d events\n/,
    );
  });

  it('--json: the body exactly as the API sent it', async () => {
    const result = await mon(`heartbeats events ${queue} --limit 1 --json`, { sandbox });
    const direct = await fetch(`${sandbox.url}/v1/checks/heartbeats/${queue}/events?limit=1`, {
      headers: { authorization: `Bearer ${sandbox.options.apiKey}` },
    });
    expect(result.stdout).toBe(`${JSON.stringify(await direct.json(), null, 2)}\n`);
  });

  it('says on stderr when the period has no events', async () => {
    const result = await mon(`heartbeats events ${hourly} --from 2020-01-01 --to 2020-01-02`, {
      sandbox,
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('No events in 2020-01-01 00:00 UTC to 2020-01-02 00:00 UTC.\n');
    expect(result.stdout).toContain('Success ratio, last 24 hours:');
  });
});

describe('heartbeats events CHECK_ID', () => {
  it('says which check was not found (exit 6)', async () => {
    const result = await mon('heartbeats events 0f0e0d0c-0000-4000-8000-000000000000', { sandbox });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Heartbeat check "0f0e0d0c-0000-4000-8000-000000000000" was not found.');
    expect(result.stderr).toContain('not its ping token');
  });
});

const CHECK = '4e92b3e4-ad4b-407c-a866-6f8e7401c366';
describe('heartbeats events, a window that is not one', () => {
  it.each([
    ['--limit 11', '--limit must be a whole number from 1 to 10'],
    ['--from 2026-11-20T10:00:00Z --to 2026-11-20T09:00:00Z', '--from must be before --to'],
    ['--from yesterday-ish', '--from must be a date (2026-11-20), an ISO 8601 date-time, or a time ago'],
    ['--to 2026-13-01', '--to must be a date'],
  ])('events %s: exit 2 and nothing sent', async (flags, message) => {
    const result = await mon(`heartbeats events ${seededCheckId(sandbox, 'Nightly backup')} ${flags}`, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(sandbox.requests).toEqual([]);
  });
});

refusesBadInput([
  {
    what: '--limit 0',
    line: `heartbeats events ${CHECK} --limit 0`,
    says: '--limit must be a whole number from 1 to 10 (got 0)',
  },
  {
    what: '--limit 11',
    line: `heartbeats events ${CHECK} --limit 11`,
    says: '--limit must be a whole number from 1 to 10 (got 11)',
  },
  // A CHECK that is not a whole ID is a name or a prefix, looked up (never put in a path).
  { what: 'no check (prompts off)', line: 'heartbeats events', says: 'CHECK is required (prompts are off' },
  {
    what: 'a --from that is a word',
    line: `heartbeats events ${CHECK} --from yesterday`,
    says: '--from must be a date (2026-11-20)',
  },
  { what: 'a --to in month 13', line: `heartbeats events ${CHECK} --to 2026-13-01`, says: '--to must be a date' },
  {
    what: 'a --since with an unknown unit',
    line: `heartbeats events ${CHECK} --since 5x`,
    says: '--since must be a duration like 90s, 30m, 2h, 7d or 2w',
  },
  {
    what: '--from after --to',
    line: `heartbeats events ${CHECK} --from 2026-11-20 --to 2026-11-19`,
    says: '--from must be before --to',
  },
  {
    what: '--since with --from',
    line: `heartbeats events ${CHECK} --since 6h --from 2026-11-20`,
    says: '--since cannot be combined with --from',
  },
]);
