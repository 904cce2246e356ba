/**
 * The sandbox's heartbeats: monitors from the seed and from --seed FILE, pings on
 * /ping/<token>, event states from the period + grace rule, and the success ratio, all on
 * the sandbox clock (moved forward instead of waiting).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, TEST_KEY } from '../../helpers';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const MINUTE = 60_000;

interface BannerMonitor {
  name: string;
  checkId: string;
  pingToken: string;
  pingUrl: string;
}

const opened: Sandbox[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

function seedFile(entries: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mon-seed-')), 'monitors.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

async function sandboxAt(options: { seedFile?: string; dataFile?: string } = {}): Promise<Sandbox> {
  const sandbox = await memorySandbox({ now: () => T0, ...options });
  opened.push(sandbox);
  return sandbox;
}

function monitorNamed(sandbox: Sandbox, name: string): BannerMonitor {
  const found = (sandbox.banner().json.heartbeats as BannerMonitor[]).find((monitor) => monitor.name === name);
  if (!found) throw new Error(`no monitor ${name}`);
  return found;
}

async function eventsJson(sandbox: Sandbox, checkId: string, ...flags: string[]) {
  const result = await mon(['heartbeats', 'events', checkId, '--json', ...flags], { sandbox });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as {
    events: { state: string; timestamp: string; source: string | null; userAgent: string | null }[];
    stats: Record<string, unknown>;
  }[];
}

async function get(sandbox: Sandbox, path: string) {
  const response = await fetch(sandbox.url + path, { headers: { authorization: `Bearer ${TEST_KEY}` } });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('seeded heartbeat monitors', () => {
  it('have UUID check IDs and ping tokens, listed in the banner, with a history of events', async () => {
    const sandbox = await sandboxAt();
    const { lines, json } = sandbox.banner();
    const monitors = json.heartbeats as BannerMonitor[];
    expect(monitors.map((monitor) => monitor.name)).toEqual(['Nightly backup', 'Hourly report', 'Queue worker']);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const monitor of monitors) {
      expect(monitor.checkId).toMatch(uuid);
      expect(monitor.pingToken).toMatch(uuid);
      expect(monitor.pingUrl).toBe(`${sandbox.pingUrl}/${monitor.pingToken}`);
      expect(lines.join('\n')).toContain(monitor.pingToken);
    }
    expect(lines.join('\n')).toContain('Nightly backup (every 1 day, grace 1 hour)');

    // The hourly report missed a run 9 hours 20 minutes ago: a FAILING event, then a LATE ping.
    const [entry] = await eventsJson(sandbox, monitorNamed(sandbox, 'Hourly report').checkId);
    expect(entry!.events).toHaveLength(10);
    expect(entry!.events.map((event) => event.state).slice(-2)).toEqual(['LATE', 'FAILING']);
    expect(entry!.events[0]).toMatchObject({ state: 'RECEIVED', source: '10.0.3.21', userAgent: 'curl/8.5.0' });
  });

  it('keep their IDs and tokens across restarts of a data file', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-data-')), 'sandbox.jsonl');
    const first = await sandboxAt({ dataFile });
    const ids = (sandbox: Sandbox) =>
      (sandbox.banner().json.heartbeats as BannerMonitor[]).map(({ checkId, pingToken }) => ({ checkId, pingToken }));
    const before = ids(first);
    await opened.pop()!.close();
    const second = await sandboxAt({ dataFile });
    expect(ids(second)).toEqual(before);
  });
});

describe('--seed FILE', () => {
  const nightly = {
    name: 'Invoices',
    period: 1,
    periodUnit: 'days',
    grace: 2,
    graceUnit: 'hours',
    description: 'Billing run',
  };

  it('adds the monitors of the file, and adding the same file again does not duplicate them', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-data-')), 'sandbox.jsonl');
    const file = seedFile([
      nightly,
      { name: 'Fast', period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
    ]);
    const first = await sandboxAt({ dataFile, seedFile: file });
    const names = (first.banner().json.heartbeats as BannerMonitor[]).map((monitor) => monitor.name);
    expect(names).toEqual(['Nightly backup', 'Hourly report', 'Queue worker', 'Invoices', 'Fast']);
    const invoices = monitorNamed(first, 'Invoices');
    await opened.pop()!.close();

    const second = await sandboxAt({ dataFile, seedFile: file });
    expect((second.banner().json.heartbeats as BannerMonitor[]).map((monitor) => monitor.name)).toEqual(names);
    expect(monitorNamed(second, 'Invoices')).toMatchObject({
      checkId: invoices.checkId,
      pingToken: invoices.pingToken,
    });
  });

  it('refuses to start on an invalid file, naming the file, the entry and every rule broken', async () => {
    const file = seedFile([
      nightly,
      { name: 'Too fast', period: 29, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
      { name: 'Too patient', period: 365, periodUnit: 'days', grace: 366, graceUnit: 'days' },
      { name: 'Typo', period: 1, periodUnit: 'hours', grace: 1, graceUnit: 'minutes', descripton: 'x' },
      { name: 'Long', period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'hours', description: 'x'.repeat(501) },
      { period: 1, periodUnit: 'weeks', grace: 0, graceUnit: 'hours' },
      { ...nightly },
    ]);
    const error = await memorySandbox({ seedFile: file }).then(
      (sandbox) => {
        opened.push(sandbox);
        throw new Error('started');
      },
      (reason: Error) => reason,
    );
    expect(error.message).toContain(`--seed ${file}: 7 problems:`);
    expect(error.message).toContain('entry 2 ("Too fast"): period must be 30 seconds to 365 days (got 29 seconds)');
    expect(error.message).toContain('entry 3 ("Too patient"): grace must be 0 seconds to 365 days (got 366 days)');
    expect(error.message).toContain('entry 4 ("Typo"): unknown field "descripton"');
    expect(error.message).toContain('entry 5 ("Long"): description must be at most 500 characters');
    expect(error.message).toContain('entry 6: name is required');
    expect(error.message).toContain('entry 6: periodUnit must be one of seconds, minutes, hours, days');
    expect(error.message).toContain('entry 7 ("Invoices"): has the same name as entry 1');
  });

  it('accepts the limits themselves: 30 seconds and 365 days, grace 0 and 365 days', async () => {
    const file = seedFile([
      { name: 'Shortest', period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
      { name: 'Longest', period: 365, periodUnit: 'days', grace: 365, graceUnit: 'days' },
    ]);
    const sandbox = await sandboxAt({ seedFile: file });
    expect(monitorNamed(sandbox, 'Longest').checkId).toBeTruthy();
  });

  it('says when the file is missing or not an array', async () => {
    await expect(memorySandbox({ seedFile: '/nonexistent/monitors.json' })).rejects.toThrow(
      '--seed /nonexistent/monitors.json: cannot read the file (there is no such file or directory).',
    );
    await expect(memorySandbox({ seedFile: seedFile({ name: 'x' }) })).rejects.toThrow(
      'must hold a JSON array of heartbeat monitors',
    );
  });
});

describe('pings and the period + grace rule', () => {
  async function jobSandbox() {
    const sandbox = await sandboxAt({
      seedFile: seedFile([{ name: 'Job', period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }]),
    });
    return { sandbox, job: monitorNamed(sandbox, 'Job') };
  }

  async function ping(sandbox: Sandbox, token: string) {
    const result = await mon(`heartbeats ping ${token}`, { sandbox });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }

  it('records RECEIVED, GRACE and LATE pings, and a FAILING event when period + grace passed without one', async () => {
    const { sandbox, job } = await jobSandbox();
    sandbox.clock.advance(30 * MINUTE);
    await ping(sandbox, job.pingToken); // 30 min after creation: within the period
    sandbox.clock.advance(65 * MINUTE);
    await ping(sandbox, job.pingToken); // 65 min: after the period, within the grace
    sandbox.clock.advance(180 * MINUTE);
    await ping(sandbox, job.pingToken); // 3 h: the monitor failed at 70 min

    const [entry] = await eventsJson(sandbox, job.checkId);
    const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
    expect(entry!.events.map((event) => [event.state, event.timestamp])).toEqual([
      ['LATE', at(275)],
      ['FAILING', at(95 + 70)],
      ['GRACE', at(95)],
      ['RECEIVED', at(30)],
    ]);
    expect(entry!.events[0]).toMatchObject({ source: '127.0.0.1', userAgent: expect.stringMatching(/^mon\//) });
    expect(entry!.events[1]).toMatchObject({ source: null, userAgent: null });

    // Down from 165 to 275 minutes, out of 275: 60% for the window since creation.
    const availability = await mon(`heartbeats availability ${job.checkId} --from ${at(0)} --to ${at(275)} --json`, {
      sandbox,
    });
    expect(JSON.parse(availability.stdout)).toEqual({
      successRatio: { currentPeriod: 60 },
      totalEntitiesCurrentPeriod: 4,
    });
  });

  it('does not alert before period + grace, and alerts once it has passed', async () => {
    const { sandbox, job } = await jobSandbox();
    sandbox.clock.advance(70 * MINUTE);
    let [entry] = await eventsJson(sandbox, job.checkId);
    expect(entry!.events).toEqual([]);
    expect(entry!.stats).toEqual({
      last24Hours: { successRatio: { currentPeriod: 100 }, totalEntitiesCurrentPeriod: 0 },
      last7Days: { successRatio: { currentPeriod: 100 }, totalEntitiesCurrentPeriod: 0 },
    });
    sandbox.clock.advance(20 * MINUTE);
    [entry] = await eventsJson(sandbox, job.checkId);
    expect(entry!.events.map((event) => event.state)).toEqual(['FAILING']);
    // 20 of 90 minutes failing.
    expect(entry!.stats.last24Hours).toEqual({ successRatio: { currentPeriod: 77.78 }, totalEntitiesCurrentPeriod: 1 });
  });

  it('compares the success ratio with the period before, and has no data before the monitor existed', async () => {
    const { sandbox, job } = await jobSandbox();
    sandbox.clock.advance(2 * 60 * MINUTE);
    await ping(sandbox, job.pingToken); // failing from 70 to 120 min
    sandbox.clock.advance(2 * 60 * MINUTE); // on time... until 190 min, then failing to 240
    const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
    const result = await mon(`heartbeats availability ${job.checkId} --from ${at(120)} --to ${at(240)} --json`, {
      sandbox,
    });
    // Now: 50 of 120 minutes down; before (0-120): 50 of 120 down.
    expect(JSON.parse(result.stdout)).toEqual({
      successRatio: { previousPeriod: 58.33, currentPeriod: 58.33 },
      totalEntitiesCurrentPeriod: 2,
    });

    const before = await mon(`heartbeats availability ${job.checkId} --from 2026-01-01 --to 2026-01-02`, { sandbox });
    expect(before.code).toBe(0);
    expect(before.stdout).toBe('');
    expect(before.stderr).toBe('There is no data for this period (2026-01-01 00:00 UTC to 2026-01-02 00:00 UTC).\n');
    const json = await mon(`heartbeats availability ${job.checkId} --from 2026-01-01 --to 2026-01-02 --json`, {
      sandbox,
    });
    expect(json.stdout).toBe('null\n');
  });

  it('never alerts for a deactivated monitor', async () => {
    const sandbox = await sandboxAt({
      seedFile: seedFile([
        { name: 'Paused', period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'hours', activated: false },
      ]),
    });
    sandbox.clock.advance(5 * 60 * MINUTE);
    const [entry] = await eventsJson(sandbox, monitorNamed(sandbox, 'Paused').checkId);
    expect(entry!.events).toEqual([]);
    expect(entry!.stats.last24Hours).toMatchObject({ successRatio: { currentPeriod: 100 } });
  });

  it('takes GET pings too, records Origin, else Referer, else the peer address, and refuses HEAD, PUT and DELETE', async () => {
    const { sandbox, job } = await jobSandbox();
    const url = `${sandbox.pingUrl}/${job.pingToken}`;
    expect(
      (await fetch(url, { method: 'POST', headers: { origin: 'https://ci.example.com', 'user-agent': 'runner/1' } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(url, { headers: { referer: 'https://jenkins.example.com/job/7', 'user-agent': 'curl/8' } })).status,
    ).toBe(200);
    expect((await fetch(url, { method: 'POST', headers: { 'user-agent': 'wget' } })).status).toBe(200);
    for (const method of ['HEAD', 'PUT', 'DELETE']) {
      const response = await fetch(url, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, GET');
    }
    const [entry] = await eventsJson(sandbox, job.checkId);
    expect(entry!.events.map((event) => [event.source, event.userAgent])).toEqual([
      ['127.0.0.1', 'wget'],
      ['https://jenkins.example.com/job/7', 'curl/8'],
      ['https://ci.example.com', 'runner/1'],
    ]);
  });

  it('answers 404 for an unknown token without repeating it, and needs no API key for a ping', async () => {
    const { sandbox } = await jobSandbox();
    const response = await fetch(`${sandbox.pingUrl}/not-a-token-0000`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('not-a-token-0000');
  });
});

describe('the events and availability reads', () => {
  it('answer 404 for an unknown check and 400 for a bad query, with the shared rules', async () => {
    const sandbox = await sandboxAt();
    const id = monitorNamed(sandbox, 'Queue worker').checkId;
    const base = `/v1/checks/heartbeats/${id}`;
    expect(await get(sandbox, '/v1/checks/heartbeats/0f0e0d0c-0000-4000-8000-000000000000/events')).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'Heartbeat check 0f0e0d0c-0000-4000-8000-000000000000 not found',
      },
    });
    expect((await get(sandbox, '/v1/checks/heartbeats/nope/availability')).status).toBe(404);
    expect((await get(sandbox, `${base}/events?limit=11`)).body.message).toBe(
      'query.limit: must be a whole number from 1 to 10',
    );
    expect((await get(sandbox, `${base}/events?startTime=yesterday`)).body.message).toBe(
      'query.startTime: must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    );
    expect((await get(sandbox, `${base}/availability?startTime=2026-03-02&endTime=2026-03-01`)).body.message).toBe(
      'query.startTime: must be before endTime',
    );
    expect((await get(sandbox, `${base}/availability?startTime=2026-03-03`)).body.message).toBe(
      'query.startTime (2026-03-03) must be before endTime (default: now, 2026-03-02T12:00:00.000Z)',
    );
  });

  it('return at most `limit` events of the window, newest first; plain dates are midnight UTC', async () => {
    const sandbox = await sandboxAt();
    const id = monitorNamed(sandbox, 'Queue worker').checkId;
    const [limited] = await eventsJson(sandbox, id, '--limit', '3');
    expect(limited!.events.map((event) => event.timestamp)).toEqual([
      new Date(T0 - 1 * MINUTE).toISOString(),
      new Date(T0 - 6 * MINUTE).toISOString(),
      new Date(T0 - 11 * MINUTE).toISOString(),
    ]);
    const [window] = await eventsJson(
      sandbox,
      id,
      '--from',
      new Date(T0 - 30 * MINUTE).toISOString(),
      '--to',
      new Date(T0 - 10 * MINUTE).toISOString(),
    );
    expect(window!.events).toHaveLength(4); // 26, 21, 16 and 11 minutes ago
    const [none] = await eventsJson(sandbox, id, '--from', '2026-03-01', '--to', '2026-03-02');
    expect(none!.events).toEqual([]);
  });
});

describe('pings as the service records them', () => {
  it('answers link-preview bots (Slackbot, Googlebot) with 200 but does not record them; curl is recorded with its Origin', async () => {
    const sandbox = await sandboxAt();
    const worker = monitorNamed(sandbox, 'Hourly report');
    const ping = (userAgent: string, headers: Record<string, string> = {}) =>
      fetch(`${sandbox.pingUrl}/${worker.pingToken}`, { headers: { 'user-agent': userAgent, ...headers } });

    const curl = await ping('curl/8.5.0', { origin: 'https://ci.example.com' });
    expect(curl.status).toBe(200);
    for (const bot of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ]) {
      const answer = await ping(bot);
      expect(answer.status, bot).toBe(200);
      expect(await answer.json(), bot).toEqual({ ok: true });
    }
    const [newest, previous] = (await eventsJson(sandbox, worker.checkId, '--limit', '2'))[0]!.events as {
      userAgent: string;
      source: string;
    }[];
    expect(newest).toMatchObject({ userAgent: 'curl/8.5.0', source: 'https://ci.example.com' });
    expect(previous!.userAgent).not.toMatch(/bot/i);

    const referred = await ping('Wget/1.21', { referer: 'https://jobs.example.com/nightly' });
    expect(referred.status).toBe(200);
    const latest = (await eventsJson(sandbox, worker.checkId, '--limit', '1'))[0]!.events[0] as {
      userAgent: string;
      source: string;
    };
    expect(latest.userAgent).toBe('Wget/1.21');
    expect(latest.source).toBe('https://jobs.example.com/nightly');

    for (const method of ['HEAD', 'PUT', 'DELETE']) {
      const refused = await fetch(`${sandbox.pingUrl}/${worker.pingToken}`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow'), method).toBe('POST, GET');
    }
  });
});
