/**
 * The sandbox's maintenance windows over HTTP, without mon: each route, every bound of a
 * window's body and of the list's query on both sides, 404s, and what a window does: while one
 * is in force (by the sandbox clock, injected here), the checks it covers read passing in
 * GET /v1/check-statuses; their runs still find what they find. And the windows persist.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetDataFile } from '../../../src/sandbox/seed';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, TEST_ACCOUNT } from '../../helpers';
import { call, dataFile, start, stop, stopAll } from '../fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const HOUR = 3_600_000;
const ACME_CLOUD = '5a0c1f0e-8d2b-4e6f-a1c3-000000000001';

let sandbox: Sandbox;
let now = T0;

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
});
afterAll(() => sandbox.close());
afterEach(stopAll);

const iso = (ms: number) => new Date(ms).toISOString();
/** A one-hour window from `from` (ms), not repeated, covering `tags`. */
const windowBody = (from = T0, tags = ['web'], extra: Record<string, unknown> = {}) => ({
  name: 'Deploy',
  tags,
  startsAt: iso(from),
  endsAt: iso(from + HOUR),
  repeatUnit: 'DAY',
  ...extra,
});

type Window = { id: number; name: string; startsAt: string; endsAt: string; updated_at: string | null } & Record<
  string,
  unknown
>;

async function create(body: unknown, on = sandbox): Promise<Window> {
  const created = await call(on, 'POST', '/v1/maintenance-windows', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Window;
}

describe('POST /v1/maintenance-windows', () => {
  it('creates a window (201): a numeric ID, instants in UTC, the defaults of what the body leaves out', async () => {
    const window = await create({
      name: 'Deploy',
      tags: ['web'],
      startsAt: '2026-03-02T13:00:00+01:00',
      endsAt: '2026-03-03',
      repeatUnit: 'DAY',
      repeatEndsAt: '2026-03-10T23:30:00-02:00',
    });
    expect(window).toEqual({
      id: expect.any(Number),
      name: 'Deploy',
      tags: ['web'],
      startsAt: '2026-03-02T12:00:00.000Z',
      endsAt: '2026-03-03T00:00:00.000Z',
      repeatInterval: null,
      repeatUnit: 'DAY',
      // A date-time is taken as its UTC calendar date.
      repeatEndsAt: '2026-03-11',
      timezone: null,
      description: null,
      statusPageVisibility: {
        enabled: false,
        affectAllServices: false,
        suppressAutoIncidents: false,
        notifyOnStart: false,
        notifyOnEnd: false,
        reminderMinutesBefore: [],
        autoStart: true,
        autoEnd: true,
        showAffectedServices: true,
        statusPageIds: [],
        serviceIds: [],
      },
      pauseAllChecks: false,
      silenceAlertsTags: [],
      silenceAllAlerts: false,
      created_at: iso(now),
      updated_at: null,
      projectBindings: { owner: null, references: [] },
    });
    expect((await call(sandbox, 'GET', `/v1/maintenance-windows/${window.id}`)).body).toEqual(window);
  });

  it('gives each window the next ID, never one given before (after a delete too)', async () => {
    const first = await create(windowBody());
    expect((await call(sandbox, 'DELETE', `/v1/maintenance-windows/${first.id}`)).status).toBe(204);
    expect((await create(windowBody())).id).toBe(first.id + 1);
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['a name of 200 characters', { name: long(200) }],
    ['a description of 2,000 characters', { description: long(2000) }],
    ['repeatInterval 1', { repeatInterval: 1 }],
    ['repeatInterval 365', { repeatInterval: 365 }],
    ['repeatUnit WEEK', { repeatUnit: 'WEEK' }],
    ['repeatUnit MONTH', { repeatUnit: 'MONTH' }],
    ['endsAt 1 ms after startsAt', { endsAt: iso(T0 + 1) }],
    ['dates (midnight UTC)', { startsAt: '2026-03-02', endsAt: '2026-03-03' }],
    ['repeatEndsAt on the date of startsAt', { repeatEndsAt: '2026-03-02' }],
    ['a named time zone', { timezone: 'Europe/Berlin' }],
    ['a null time zone (UTC)', { timezone: null }],
    [
      '3 reminders, 60 and 10,080 minutes before',
      { statusPageVisibility: { reminderMinutesBefore: [60, 600, 10_080] } },
    ],
    ['every check silenced', { silenceAllAlerts: true, pauseAllChecks: false, silenceAlertsTags: ['api'] }],
  ])('accepts %s', async (_what, extra) => {
    await create(windowBody(T0, ['web'], extra));
  });

  it.each([
    ['a name of 201 characters', { name: long(201) }, 'body.name: must be at most 200 characters'],
    ['an empty name', { name: ' ' }, 'body.name: must not be empty'],
    ['no name', { name: undefined }, 'body.name: is required'],
    ['a description of 2,001 characters', { description: long(2001) }, 'body.description: must be at most 2000'],
    ['repeatInterval 0', { repeatInterval: 0 }, 'body.repeatInterval: must be a whole number from 1 to 365'],
    ['repeatInterval 366', { repeatInterval: 366 }, 'body.repeatInterval: must be a whole number from 1 to 365'],
    ['repeatInterval 1.5', { repeatInterval: 1.5 }, 'body.repeatInterval: must be a whole number'],
    ['no repeatUnit', { repeatUnit: undefined }, 'body.repeatUnit: is required: DAY, WEEK, MONTH'],
    ['repeatUnit YEAR', { repeatUnit: 'YEAR' }, 'body.repeatUnit: must be one of DAY, WEEK, MONTH'],
    ['repeatUnit null (on create)', { repeatUnit: null }, 'body.repeatUnit: must be one of DAY, WEEK, MONTH'],
    ['endsAt at startsAt', { endsAt: iso(T0) }, 'body.endsAt: must be after startsAt'],
    ['no endsAt', { endsAt: undefined }, 'body.endsAt: is required'],
    ['a date that does not exist', { startsAt: '2026-02-30' }, 'body.startsAt: must be a date (YYYY-MM-DD)'],
    ['a date-time without an offset', { startsAt: '2026-03-02T12:00:00' }, 'body.startsAt: must be a date'],
    ['words', { endsAt: 'tomorrow' }, 'body.endsAt: must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['repeatEndsAt the day before startsAt', { repeatEndsAt: '2026-03-01' }, 'body.repeatEndsAt: must not be before'],
    ['a time zone as an offset', { timezone: '+05:00' }, 'body.timezone: must be a named IANA time zone'],
    ['a time zone nobody has', { timezone: 'Mars/Olympus_Mons' }, 'body.timezone: must be a named IANA time zone'],
    ['an empty tag', { tags: [''] }, 'body.tags[0]: must not be empty'],
    ['tags as text', { tags: 'web' }, 'body.tags: must be a list of tags'],
    ['an unknown field', { paused: true }, 'body: has unknown field "paused"'],
    [
      'a reminder 59 minutes before',
      { statusPageVisibility: { reminderMinutesBefore: [59] } },
      'body.statusPageVisibility.reminderMinutesBefore[0]: must be a whole number of minutes from 60 to 10080',
    ],
    [
      'a reminder 10,081 minutes before',
      { statusPageVisibility: { reminderMinutesBefore: [10_081] } },
      'body.statusPageVisibility.reminderMinutesBefore[0]: must be a whole number of minutes from 60 to 10080',
    ],
    [
      '4 reminders',
      { statusPageVisibility: { reminderMinutesBefore: [60, 61, 62, 63] } },
      'body.statusPageVisibility.reminderMinutesBefore: must have at most 3 reminders',
    ],
    [
      'a severity the status pages do not have',
      { statusPageVisibility: { severity: 'SEV1' } },
      'body.statusPageVisibility.severity: must be one of CRITICAL, MAJOR, MEDIUM, MINOR',
    ],
    [
      'all services and some services',
      { statusPageVisibility: { affectAllServices: true, serviceIds: [SEED_SERVICES.api] } },
      'body.statusPageVisibility.serviceIds: must be empty with affectAllServices true',
    ],
    [
      'a page without its services',
      { statusPageVisibility: { statusPageIds: [ACME_CLOUD] } },
      'body.statusPageVisibility.statusPageIds: needs serviceIds',
    ],
    [
      'a page that does not exist',
      {
        statusPageVisibility: {
          statusPageIds: ['00000000-0000-4000-8000-000000000000'],
          affectAllServices: true,
        },
      },
      'body.statusPageVisibility.statusPageIds[0]: there is no status page',
    ],
  ])('refuses %s (400 naming the field and the rule)', async (_what, extra, says) => {
    const before = sandbox.store.collection('maintenanceWindows').size;
    const refused = await call(sandbox, 'POST', '/v1/maintenance-windows', windowBody(T0, ['web'], extra));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(refused.body.message).toContain(says);
    expect(sandbox.store.collection('maintenanceWindows').size).toBe(before);
  });

  it("links a window to a page's own services, and refuses a service of another page", async () => {
    const pages = (await call(sandbox, 'GET', '/v1/status-pages?limit=100')).body.entries as {
      id: string;
      cards: { services: { id: string }[] }[];
    }[];
    const page = pages.find((candidate) => candidate.id === ACME_CLOUD)!;
    const own = page.cards[0]!.services[0]!.id;
    const other = pages.find((candidate) => candidate.id !== ACME_CLOUD)!.cards[0]!.services[0]!.id;
    const linked = await create(
      windowBody(T0, ['web'], {
        statusPageVisibility: { enabled: true, statusPageIds: [ACME_CLOUD], serviceIds: [own] },
      }),
    );
    expect(linked.statusPageVisibility).toMatchObject({
      enabled: true,
      statusPageIds: [ACME_CLOUD],
      serviceIds: [own],
    });
    const refused = await call(
      sandbox,
      'POST',
      '/v1/maintenance-windows',
      windowBody(T0, ['web'], { statusPageVisibility: { statusPageIds: [ACME_CLOUD], serviceIds: [other] } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('body.statusPageVisibility.serviceIds[0]: the service');
  });
});

describe('GET /v1/maintenance-windows', () => {
  let list: Sandbox;
  const names = (body: unknown) => (body as Window[]).map((window) => window.name);
  beforeAll(async () => {
    list = await memorySandbox({ now: () => T0 });
    for (let day = 0; day < 12; day++) {
      await create({ ...windowBody(T0 + day * 24 * HOUR), name: `Day ${day}` }, list);
    }
  });
  afterAll(() => list.close());

  it('lists the newest first, 10 to a page by default, pages by number', async () => {
    const first = await call(list, 'GET', '/v1/maintenance-windows');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual([
      'Day 11',
      'Day 10',
      'Day 9',
      'Day 8',
      'Day 7',
      'Day 6',
      'Day 5',
      'Day 4',
      'Day 3',
      'Day 2',
    ]);
    expect(names((await call(list, 'GET', '/v1/maintenance-windows?page=2')).body)).toEqual(['Day 1', 'Day 0']);
    expect(names((await call(list, 'GET', '/v1/maintenance-windows?limit=5&page=3')).body)).toEqual(['Day 1', 'Day 0']);
    expect(names((await call(list, 'GET', '/v1/maintenance-windows?page=4')).body)).toEqual([]);
  });

  it.each([
    ['limit=1', 1],
    ['limit=100', 12],
    ['page=1', 10],
  ])('accepts %s', async (query, count) => {
    const answer = await call(list, 'GET', `/v1/maintenance-windows?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(count);
  });

  it.each([
    ['limit=0', 'query.limit: must be a whole number from 1 to 100'],
    ['limit=101', 'query.limit: must be a whole number from 1 to 100'],
    ['page=0', 'query.page: must be a whole number >= 1'],
    ['startsAt=2026-03-02', 'query: has unknown parameter startsAt (the filters are startsAt[gt|gte|lt|lte]'],
    ['startsAt[after]=2026-03-02', 'query: has unknown parameter startsAt[after]'],
    ['endsAt[lt]=soon', 'query.endsAt[lt]: must be a date'],
  ])('refuses %s', async (query, says) => {
    const refused = await call(list, 'GET', `/v1/maintenance-windows?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(says);
  });

  it('filters on startsAt and endsAt: gt, gte, lt, lte, with dates or date-times, together', async () => {
    const day = (n: number) => iso(T0 + n * 24 * HOUR);
    const get = async (query: string) =>
      names((await call(list, 'GET', `/v1/maintenance-windows?limit=100&${query}`)).body);
    expect(await get(`startsAt[gte]=${day(10)}`)).toEqual(['Day 11', 'Day 10']);
    expect(await get(`startsAt[gt]=${day(10)}`)).toEqual(['Day 11']);
    expect(await get(`startsAt[lt]=${day(1)}`)).toEqual(['Day 0']);
    expect(await get(`startsAt[lte]=${day(1)}`)).toEqual(['Day 1', 'Day 0']);
    expect(await get('endsAt[lt]=2026-03-04')).toEqual(['Day 1', 'Day 0']);
    expect(await get(`startsAt[gte]=${day(3)}&endsAt[lte]=${iso(T0 + 4 * 24 * HOUR + HOUR)}`)).toEqual([
      'Day 4',
      'Day 3',
    ]);
  });
});

describe('GET, PUT and DELETE /v1/maintenance-windows/{id}', () => {
  it('PUT changes what the body gives and keeps the rest; updated_at is now', async () => {
    const window = await create(windowBody(T0, ['web'], { description: 'The deploy' }));
    now = T0 + 5 * 60_000;
    const changed = await call(sandbox, 'PUT', `/v1/maintenance-windows/${window.id}`, {
      endsAt: iso(now),
      repeatInterval: 7,
      statusPageVisibility: { notifyOnEnd: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...window,
      endsAt: iso(now),
      repeatInterval: 7,
      statusPageVisibility: { ...(window.statusPageVisibility as object), notifyOnEnd: true },
      updated_at: iso(now),
    });
    expect((await call(sandbox, 'GET', `/v1/maintenance-windows/${window.id}`)).body).toEqual(changed.body);
    now = T0;
  });

  it.each([
    [
      'endsAt at the stored startsAt',
      { endsAt: iso(T0) },
      'body.endsAt: must be after startsAt (2026-03-02T12:00:00.000Z)',
    ],
    ['startsAt at the stored endsAt', { startsAt: iso(T0 + HOUR) }, 'body.endsAt: must be after startsAt'],
    ['an empty name', { name: '' }, 'body.name: must not be empty'],
    ['an unknown field', { id: 9 }, 'body: has unknown field "id"'],
    [
      'some services beside all of them',
      { statusPageVisibility: { affectAllServices: true } },
      'body.statusPageVisibility.serviceIds: must be empty with affectAllServices true',
    ],
  ])('PUT refuses %s (400), and changes nothing', async (_what, body, says) => {
    const window = await create(
      windowBody(T0, ['web'], {
        statusPageVisibility: { statusPageIds: [ACME_CLOUD], serviceIds: [SEED_SERVICES.api] },
      }),
    );
    const refused = await call(sandbox, 'PUT', `/v1/maintenance-windows/${window.id}`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(says);
    expect((await call(sandbox, 'GET', `/v1/maintenance-windows/${window.id}`)).body).toEqual(window);
  });

  it('DELETE answers 204 without a body, and the window is gone', async () => {
    const window = await create(windowBody());
    const deleted = await call(sandbox, 'DELETE', `/v1/maintenance-windows/${window.id}`);
    expect(deleted).toEqual({ status: 204, body: undefined });
    expect((await call(sandbox, 'GET', `/v1/maintenance-windows/${window.id}`)).status).toBe(404);
  });

  it.each(['GET', 'PUT', 'DELETE'])('%s of an unknown window answers 404 with the API error body', async (method) => {
    const answer = await call(
      sandbox,
      method,
      '/v1/maintenance-windows/99999',
      method === 'PUT' ? { name: 'x' } : undefined,
    );
    expect(answer).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Maintenance window 99999 not found' },
    });
  });
});

describe('a window in force silences the checks it covers', () => {
  let quiet: Sandbox;
  let clock = T0;
  const checkBody = (name: string, tags: string[]) => ({
    name,
    tags,
    request: { query: `${name}.example.com`, recordType: 'A' },
    heartbeat: {},
    script: '',
  });
  const status = async (id: string) =>
    (await call(quiet, 'GET', `/v1/check-statuses/${id}`)).body as { hasFailures: boolean; isDegraded: boolean };
  /** The failing checks of this test's two (the seeded heartbeats fail by the test's clock). */
  const failingNames = async () =>
    ((await call(quiet, 'GET', '/v1/checks?status=failing&limit=100')).body as { name: string }[])
      .map((check) => check.name)
      .filter((name) => name === 'web' || name === 'api');
  let web: string;
  let api: string;

  beforeAll(async () => {
    quiet = await memorySandbox({ now: () => clock });
    web = ((await call(quiet, 'POST', '/v1/checks/dns', checkBody('web', ['web', 'prod']))).body as { id: string }).id;
    api = ((await call(quiet, 'POST', '/v1/checks/dns', checkBody('api', ['api']))).body as { id: string }).id;
    await call(quiet, 'POST', `/__sandbox/checks/${web}/status`, { status: 'failing' });
    await call(quiet, 'POST', `/__sandbox/checks/${api}/status`, { status: 'degraded' });
  });
  afterAll(() => quiet.close());
  // Each test from the same start: no window, the clock at T0.
  afterEach(async () => {
    for (const window of (await call(quiet, 'GET', '/v1/maintenance-windows?limit=100')).body as Window[]) {
      await call(quiet, 'DELETE', `/v1/maintenance-windows/${window.id}`);
    }
    clock = T0;
  });

  it('from startsAt to endsAt (excluded) by the sandbox clock: passing, then failing again', async () => {
    await create(windowBody(T0 + HOUR, ['web']), quiet);
    expect(await status(web)).toMatchObject({ hasFailures: true });
    clock = T0 + HOUR - 1;
    expect(await status(web)).toMatchObject({ hasFailures: true });
    clock = T0 + HOUR;
    expect(await status(web)).toMatchObject({ hasFailures: false, isDegraded: false });
    expect(await failingNames()).toEqual([]);
    // A check it does not cover alerts as before.
    expect(await status(api)).toMatchObject({ isDegraded: true });
    clock = T0 + 2 * HOUR;
    expect(await status(web)).toMatchObject({ hasFailures: true });
    expect(await failingNames()).toEqual(['web']);
  });

  it('in every status of the list too, and for silenceAlertsTags and silenceAllAlerts', async () => {
    const statuses = async () =>
      (
        (await call(quiet, 'GET', '/v1/check-statuses')).body as {
          name: string;
          hasFailures: boolean;
          isDegraded: boolean;
        }[]
      )
        .filter((entry) => entry.name === 'web' || entry.name === 'api')
        .map((entry) => `${entry.name} ${entry.hasFailures || entry.isDegraded ? 'alerting' : 'quiet'}`)
        .sort();
    const tagged = await create(windowBody(T0, [], { silenceAlertsTags: ['api'] }), quiet);
    expect(await statuses()).toEqual(['api quiet', 'web alerting']);
    const all = await create(windowBody(T0, [], { silenceAllAlerts: true }), quiet);
    expect(await statuses()).toEqual(['api quiet', 'web quiet']);
    await call(quiet, 'DELETE', `/v1/maintenance-windows/${tagged.id}`);
    await call(quiet, 'DELETE', `/v1/maintenance-windows/${all.id}`);
    expect(await statuses()).toEqual(['api alerting', 'web alerting']);
  });

  it("covers a heartbeat monitor's lateness by its tags too", async () => {
    const beat = (
      await call(quiet, 'POST', '/v1/checks/heartbeat', {
        name: 'Late job',
        tags: ['jobs'],
        heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'minutes' },
      })
    ).body as { id: string };
    clock = T0 + 2 * HOUR;
    expect(await status(beat.id)).toMatchObject({ hasFailures: true });
    await create(windowBody(T0 + 2 * HOUR, ['jobs']), quiet);
    expect(await status(beat.id)).toMatchObject({ hasFailures: false });
  });

  it('does not change what a run finds, nor the rehearsed status the control answers', async () => {
    await create(windowBody(T0, ['web']), quiet);
    const control = await call(quiet, 'POST', `/__sandbox/checks/${web}/status`, { status: 'failing' });
    expect(control.body).toMatchObject({ hasFailures: true });
    const triggered = await call(quiet, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [web] } });
    const session = (triggered.body as { sessions: { checkSessionId: string }[] }).sessions[0]!.checkSessionId;
    clock = T0 + 2000;
    expect((await call(quiet, 'GET', `/v1/check-sessions/${session}`)).body).toMatchObject({ status: 'FAILED' });
    expect(await status(web)).toMatchObject({ hasFailures: false });
  });

  it('repeats: a daily window silences at its hour every day, and not between', async () => {
    await create(windowBody(T0 + HOUR, ['web'], { repeatInterval: 1 }), quiet);
    clock = T0 + 3 * 24 * HOUR + HOUR + 30 * 60_000;
    expect(await status(web)).toMatchObject({ hasFailures: false });
    clock = T0 + 3 * 24 * HOUR + 3 * HOUR;
    expect(await status(web)).toMatchObject({ hasFailures: true });
  });
});

describe('persistence', () => {
  it('keeps the windows across a restart, and their IDs go on; `sandbox reset` clears them', async () => {
    const file = dataFile();
    let server = await start(file, {}, () => T0);
    const first = await create(windowBody(), server);
    await stop(server);
    server = await start(file, {}, () => T0);
    expect((await call(server, 'GET', `/v1/maintenance-windows/${first.id}`)).body).toEqual(first);
    expect((await create(windowBody(), server)).id).toBe(first.id + 1);
    await stop(server);
    resetDataFile(file, { accountId: TEST_ACCOUNT });
    server = await start(file, {}, () => T0);
    expect((await call(server, 'GET', '/v1/maintenance-windows')).body).toEqual([]);
    expect((await create(windowBody(), server)).id).toBe(1);
  });
});
