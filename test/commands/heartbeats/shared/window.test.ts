/**
 * The time window of heartbeats events and availability (--from, --to, --since): checked
 * before anything is sent, and the query that is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, memorySandbox, mon } from '../../../helpers';
import { seededCheckId } from '../fixture';

let sandbox: Sandbox;
let hourly: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  hourly = seededCheckId(sandbox, 'Hourly report');
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const run = (line: string, options: CliOptions = {}) => mon(`--no-color ${line}`, { sandbox, ...options });
const HOUR = 3_600_000;

function sentQuery(): URLSearchParams {
  expect(sandbox.requests).toHaveLength(1);
  return new URL(sandbox.requests[0]!.path, 'http://x').searchParams;
}

describe('time windows are checked before anything is sent', () => {
  it.each([
    ['heartbeats events any-check --from 2099-01-01', '--from must not be in the future (got "2099-01-01")'],
    ['heartbeats availability any-check --to 2099-01-01T00:00:00Z', '--to must not be in the future'],
    ['heartbeats events any-check --from 2020-01-02 --to 2020-01-01', '--from must be before --to'],
    ['heartbeats events any-check --since 2h --from 1h', '--since cannot be combined with --from'],
  ])('mon %s: exit 2, "%s", nothing sent', async (line, says) => {
    const result = await run(line);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('flags of events and availability', () => {
  it.each([
    ['--limit 11', '--limit must be a whole number from 1 to 10 (got 11).'],
    ['--limit 0', '--limit must be a whole number from 1 to 10 (got 0).'],
    [
      '--from 2026-11-20 --to 2026-11-19',
      '--from must be before --to (the period would start 2026-11-20 00:00:00 UTC and end 2026-11-19 00:00:00 UTC).',
    ],
    [
      '--from "last tuesday"',
      '--from must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (got "last tuesday").',
    ],
    [
      '--to 2026-02-30',
      '--to must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (got "2026-02-30").',
    ],
    ['--since "2 days"', '--since must be a duration like 90s, 30m, 2h, 7d or 2w (got "2 days").'],
    ['--since 2h --from 3h', '--since cannot be combined with --from: --since 2h means the same as --from 2h.'],
    ['--since 2h --to 3h', '--since must be before --to (the period would start'],
  ])('events CHECK_ID %s: exit 2 naming the flag and the rule, nothing sent', async (flags, message) => {
    const result = await mon(`heartbeats events ${hourly} ${flags}`, { sandbox });
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.stderr).toContain('See `mon heartbeats events --help`.');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it('reports every problem at once', async () => {
    const result = await mon(`heartbeats availability ${hourly} --from soon --to later --since x`, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 problems:\n  --from must be');
    expect(result.stderr).toContain('\n  --to must be');
    expect(result.stderr).toContain('\n  --since must be');
    expect(sandbox.requests).toEqual([]);
  });

  it('sends --from/--to as ISO 8601 date-times, --since as the start, and a start 24 hours before a lone --to', async () => {
    await mon(`heartbeats events ${hourly} --from 2026-11-19 --to 2026-11-20T06:30:00+02:00 --limit 4`, { sandbox });
    expect(Object.fromEntries(sentQuery())).toEqual({
      startTime: '2026-11-19T00:00:00.000Z',
      endTime: '2026-11-20T04:30:00.000Z',
      limit: '4',
    });

    sandbox.requests.length = 0;
    // mon's clock injected: --since is exactly 2 h before it.
    const now = Date.parse('2026-11-20T06:00:00.000Z');
    await mon(`heartbeats availability ${hourly} --since 2h`, { sandbox, now: () => now });
    const since = sentQuery();
    expect(since.get('endTime')).toBeNull();
    expect(since.get('startTime')).toBe(new Date(now - 2 * HOUR).toISOString());

    sandbox.requests.length = 0;
    await mon(`heartbeats availability ${hourly} --to 2026-11-20`, { sandbox });
    expect(Object.fromEntries(sentQuery())).toEqual({
      startTime: '2026-11-19T00:00:00.000Z',
      endTime: '2026-11-20T00:00:00.000Z',
    });

    sandbox.requests.length = 0;
    await mon(`heartbeats events ${hourly}`, { sandbox });
    expect(sentQuery().toString()).toBe('');
  });
});
