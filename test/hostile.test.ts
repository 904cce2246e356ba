/*
 * Issue 45, items 12 and 13, in-process: status pages whose domain or address a hostile API
 * crafted, and times and durations past what the API and the code can say. (Opening them
 * with a real opener: test/e2e/hostile-open.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/sandbox/server';
import { accountApi, frozenClock, memorySandbox, mon } from './helpers';
import { openIncident } from './commands/incidents/fixture';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-02T10:00:00.000Z');
/** The first instant of the API's four-digit years. */
const YEAR_0000 = Date.parse('0000-01-01T00:00:00.000Z');

describe('status-pages open: a page whose custom domain or address the API crafted', () => {
  const PASSWORD = 'hunter2-hunter2';
  let api: Awaited<ReturnType<typeof accountApi>>;
  beforeAll(async () => {
    api = await accountApi([
      { id: 'p1', name: 'At', url: 'at', customDomain: 'status.example.com@evil.example' },
      { id: 'p2', name: 'Creds', url: 'creds', customDomain: `user:${PASSWORD}@status.example.com` },
      { id: 'p3', name: 'Given', url: `https://user:${PASSWORD}@status.example.com/`, customDomain: null },
      { id: 'p4', name: 'Plain', url: 'http://status.example.com/', customDomain: null },
      { id: 'p5', name: 'Path', url: 'path', customDomain: 'status.example.com/../@evil.example' },
      { id: 'p6', name: 'Port', url: 'port', customDomain: 'status.example.com:8443' },
      { id: 'p7', name: 'Good', url: 'good', customDomain: 'Status.Example.COM' },
    ]);
  });
  afterAll(() => api.close());

  it.each([
    ['at', 'is not a host name'],
    ['creds', 'is not a host name'],
    ['path', 'is not a host name'],
    ['port', 'is not a host name'],
    ['given', 'is not an https:// address'],
    ['plain', 'is not an https:// address'],
  ])('%s: nothing opened or printed, exit 1, the reason without the value (%s)', async (page, says) => {
    for (const print of [['--print'], []]) {
      const result = await mon(['status-pages', 'open', page, ...print], {
        env: { ...api.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(says);
      expect(result.stderr).not.toContain(PASSWORD);
      expect(result.stderr).not.toContain('evil.example');
    }
  });

  it('a custom domain that is a host name: https:// on exactly that host', async () => {
    const result = await mon(['status-pages', 'open', 'good', '--print'], { env: api.env });
    expect(result).toMatchObject({ code: 0, stdout: 'https://status.example.com/\n', stderr: '' });
  });
});

describe('times past the API’s four-digit years, and durations past what they feed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox({ now: frozenClock(NOW) });
  });
  afterAll(() => sandbox.close());
  const run = (line: string) => mon(line, { sandbox, now: () => NOW });
  const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);
  const heartbeat = () => (sandbox.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;

  it('--since 999999999d and 999999d (a time ago) are exit 2 naming the flag, nothing sent', async () => {
    sandbox.requests.length = 0;
    const incidents = await run('incidents list --since 999999999d');
    expect(incidents.code).toBe(2);
    expect(incidents.stderr).toContain(
      `error: --since must be between 0000-01-01 and 9999-12-31 UTC, the API's four-digit years; it is before the year 0000 (got "999999999d").`,
    );
    const years = await run(`heartbeats events ${heartbeat()} --since 999999d`);
    expect(years.code).toBe(2);
    expect(years.stderr).toContain('--since must be at most 740042d');
    expect(years.stderr).toContain('it is in the year -712 (got "999999d")');
    expect(sent()).toEqual([]);
  });

  it('--since as a duration reaches back to 0000-01-01 and no further: the last day is sent, one more refused', async () => {
    const days = Math.floor((NOW - YEAR_0000) / DAY);
    expect(days).toBe(740042);
    sandbox.requests.length = 0;
    const last = await run(`heartbeats events ${heartbeat()} --since ${days}d`);
    expect(last.code, last.stderr).toBe(0);
    expect(sent()).toContainEqual(expect.stringContaining('startTime=0000-01-01T10%3A00%3A00.000Z'));
    sandbox.requests.length = 0;
    const past = await run(`heartbeats availability ${heartbeat()} --since ${days + 1}d`);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain(`--since must be at most ${days}d (back to 0000-01-01`);
    expect(sent()).toEqual([]);
  });

  it('a date-time is taken up to 9999-12-31T23:59:59.999Z and from 0000-01-01T00:00:00Z, whatever its offset', async () => {
    // A dry run names the incident it would post to (its plan reads it): one that exists.
    const { id } = await openIncident(sandbox, 'Years');
    const dryRun = (date: string) => run(`incidents updates create ${id} --message m --date ${date} --dry-run`);
    for (const date of ['9999-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z', '0000-01-01']) {
      const result = await dryRun(date);
      expect(result.code, `${date}: ${result.stderr}`).toBe(0);
    }
    for (const [date, year] of [
      ['9999-12-31T23:59:59-00:01', '10000'],
      ['0000-01-01T00:00:00+00:01', '-1'],
    ]) {
      const result = await dryRun(date!);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--date must be between 0000-01-01 and 9999-12-31 UTC`);
      expect(result.stderr).toContain(`it is in the year ${year} (got "${date}")`);
    }
  });

  it('a duration is at most 3652425d (10,000 years), whatever it feeds: that one is taken, one more day refused', async () => {
    // From 0000-01-01 to the end of 9999-12-31.
    const days = (Date.parse('9999-12-31T23:59:59.999Z') + 1 - YEAR_0000) / DAY;
    expect(days).toBe(3652425);
    const exec = (runtime: string) =>
      run(`heartbeats exec 0123456789abcdef01234567 --max-runtime ${runtime} --dry-run -- true`);
    expect((await exec(`${days}d`)).code).toBe(0);
    for (const runtime of [`${days + 1}d`, '9'.repeat(400) + 's']) {
      const result = await exec(runtime);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `error: --max-runtime must be at most 3652425d (10,000 years) (got "${runtime.slice(0, 56)}`,
      );
    }
    const advance = await run(`sandbox clock advance ${'9'.repeat(400)}d`);
    expect(advance.code).toBe(2);
    expect(advance.stderr).toContain('error: DURATION must be at most 100 years');
  });
});
