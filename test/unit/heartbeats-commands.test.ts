/**
 * `mon heartbeats events` and `availability`: flags checked before anything is sent, the
 * query that is sent, and what a person (terminal) and a script (pipe, --json) see.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { cli, memorySandbox, testEnv } from '../helpers';

let sandbox: Sandbox;
let hourly: string;
let queue: string;

beforeAll(async () => {
  sandbox = await memorySandbox();
  const monitors = sandbox.banner().json.heartbeats as { name: string; checkId: string }[];
  hourly = monitors.find((monitor) => monitor.name === 'Hourly report')!.checkId;
  queue = monitors.find((monitor) => monitor.name === 'Queue worker')!.checkId;
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const HOUR = 3_600_000;

function sentQuery(): URLSearchParams {
  expect(sandbox.requests).toHaveLength(1);
  return new URL(sandbox.requests[0]!.path, 'http://x').searchParams;
}

describe('flags of events and availability', () => {
  it.each([
    [['--limit', '11'], '--limit must be a whole number from 1 to 10 (got 11).'],
    [['--limit', '0'], '--limit must be a whole number from 1 to 10 (got 0).'],
    [
      ['--from', '2026-11-20', '--to', '2026-11-19'],
      '--from must be before --to (the period would start 2026-11-20 00:00:00 UTC and end 2026-11-19 00:00:00 UTC).',
    ],
    [
      ['--from', 'last tuesday'],
      '--from must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (got "last tuesday").',
    ],
    [
      ['--to', '2026-02-30'],
      '--to must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (got "2026-02-30").',
    ],
    [['--since', '2 days'], '--since must be a duration like 90s, 30m, 2h, 7d or 2w (got "2 days").'],
    [
      ['--since', '2h', '--from', '3h'],
      '--since cannot be combined with --from: --since 2h means the same as --from 2h.',
    ],
    [['--since', '2h', '--to', '3h'], '--since must be before --to (the period would start'],
  ])('events %j: exit 2 naming the flag and the rule, nothing sent', async (flags, message) => {
    const result = await cli(['heartbeats', 'events', hourly, ...flags], { sandbox });
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.stderr).toContain('See `mon heartbeats events --help`.');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(sandbox.requests).toEqual([]);
  });

  it('reports every problem at once', async () => {
    const result = await cli(
      ['heartbeats', 'availability', hourly, '--from', 'soon', '--to', 'later', '--since', 'x'],
      { sandbox },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 problems:\n  --from must be');
    expect(result.stderr).toContain('\n  --to must be');
    expect(result.stderr).toContain('\n  --since must be');
    expect(sandbox.requests).toEqual([]);
  });

  it('takes a name or an ID prefix for CHECK (nothing else reaches a path), and picks a missing one only on a terminal', async () => {
    const bad = await cli(['heartbeats', 'events', '../runtimes'], { sandbox });
    expect(bad.stderr).toContain('No heartbeat is named "../runtimes".');
    expect(bad.code).toBe(6);
    expect(sandbox.requests.every((request) => request.path.startsWith('/v1/checks?'))).toBe(true);
    sandbox.requests.length = 0;

    const missing = await cli(['heartbeats', 'availability'], { sandbox });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CHECK is required (prompts are off, so no picker can be shown).');
    expect(sandbox.requests).toEqual([]);

    const asked = await cli(['heartbeats', 'availability'], {
      sandbox,
      tty: true,
      answers: [{ message: 'Which heartbeat?', answer: queue }],
    });
    expect(asked.code).toBe(0);
    expect(asked.prompter.asked.map((question) => question.message)).toEqual(['Which heartbeat?']);
    expect(sandbox.requests.at(-1)!.path).toMatch(new RegExp(`^/v1/checks/heartbeats/${queue}/availability`));

    const named = await cli(['heartbeats', 'availability', 'QUEUE WORKER', '--json'], { sandbox });
    expect(named.code).toBe(0);
    expect(sandbox.requests.at(-1)!.path).toMatch(new RegExp(`^/v1/checks/heartbeats/${queue}/availability`));
  });

  it('sends --from/--to as ISO 8601 date-times, --since as the start, and a start 24 hours before a lone --to', async () => {
    await cli(
      ['heartbeats', 'events', hourly, '--from', '2026-11-19', '--to', '2026-11-20T06:30:00+02:00', '--limit', '4'],
      { sandbox },
    );
    expect(Object.fromEntries(sentQuery())).toEqual({
      startTime: '2026-11-19T00:00:00.000Z',
      endTime: '2026-11-20T04:30:00.000Z',
      limit: '4',
    });

    sandbox.requests.length = 0;
    // mon's clock injected: --since is exactly 2 h before it.
    const now = Date.parse('2026-11-20T06:00:00.000Z');
    await cli(['heartbeats', 'availability', hourly, '--since', '2h'], { sandbox, now: () => now });
    const since = sentQuery();
    expect(since.get('endTime')).toBeNull();
    expect(since.get('startTime')).toBe(new Date(now - 2 * HOUR).toISOString());

    sandbox.requests.length = 0;
    await cli(['heartbeats', 'availability', hourly, '--to', '2026-11-20'], { sandbox });
    expect(Object.fromEntries(sentQuery())).toEqual({
      startTime: '2026-11-19T00:00:00.000Z',
      endTime: '2026-11-20T00:00:00.000Z',
    });

    sandbox.requests.length = 0;
    await cli(['heartbeats', 'events', hourly], { sandbox });
    expect(sentQuery().toString()).toBe('');
  });

  it('says which check was not found (exit 6)', async () => {
    const result = await cli(['heartbeats', 'events', '0f0e0d0c-0000-4000-8000-000000000000'], { sandbox });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Heartbeat check "0f0e0d0c-0000-4000-8000-000000000000" was not found.');
    expect(result.stderr).toContain('not its ping token');
  });
});

describe('heartbeats events output', () => {
  it('piped: one TSV row per event (time, state, source, user agent), newest first, and no ratios', async () => {
    const result = await cli(['heartbeats', 'events', hourly, '--limit', '2'], { sandbox });
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
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
    const result = await cli(['heartbeats', 'events', hourly], {
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
    const result = await cli(['heartbeats', 'events', queue, '--limit', '1', '--json'], { sandbox });
    const direct = await fetch(`${sandbox.url}/v1/checks/heartbeats/${queue}/events?limit=1`, {
      headers: { authorization: `Bearer ${sandbox.options.apiKey}` },
    });
    expect(result.stdout).toBe(`${JSON.stringify(await direct.json(), null, 2)}\n`);
  });

  it('says on stderr when the period has no events', async () => {
    const result = await cli(['heartbeats', 'events', hourly, '--from', '2020-01-01', '--to', '2020-01-02'], {
      sandbox,
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('No events in 2020-01-01 00:00 UTC to 2020-01-02 00:00 UTC.\n');
    expect(result.stdout).toContain('Success ratio, last 24 hours:');
  });
});

describe('heartbeats availability output', () => {
  it('piped: key/value lines; on a terminal: the ratio against the period before and the number of events', async () => {
    const piped = await cli(['heartbeats', 'availability', hourly], { sandbox });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^currentPeriod\t9\d\.\d+\npreviousPeriod\t100\ntotalEntitiesCurrentPeriod\t2\d\n$/);

    const tty = await cli(['heartbeats', 'availability', hourly, '--since', '7d'], { sandbox, tty: true });
    tty.stdout = tty.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(tty.stdout).toMatch(/^Period: +\d{4}-\d\d-\d\d \d\d:\d\d UTC to now\n/);
    expect(tty.stdout).toMatch(/\nSuccess ratio: +9\d\.\d+% {2}\(no data for the period before to compare with\)\n/);
    expect(tty.stdout).toMatch(/\nEvents: +2\d events\n$/);
    // The ratio as a bar beside the period before's (none here), in glyphs that read without colour.
    expect(tty.stdout).toMatch(/\nThis period: +█{20,29}░{1,10} {2}9\d\.\d+%\n/);
    expect(tty.stdout).toMatch(/\nPeriod before: +no data\n/);
    const day = await cli(['heartbeats', 'availability', hourly], { sandbox, tty: true });
    expect(day.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/\nPeriod before: +█{30} {2}100%\n/);
  });
});
