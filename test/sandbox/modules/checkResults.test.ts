/**
 * The sandbox's check results over HTTP, without mon: the runs of check sessions, listed once
 * over, newest first, from the last 6 hours unless `from`/`to` say otherwise, filtered and paged
 * as the query says; every bound of the query on both sides; one result; 404s and 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox } from '../../helpers';
import { call } from '../fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const HOUR = 3_600_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const seconds = (ms: number) => ms / 1000;

interface Result {
  id: string;
  checkId: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  startedAt: string;
  runLocation: string;
  resultType: string;
}

let sandbox: Sandbox;
let now = T0;
let web: string;
let europe: string;
/** The runs of `web`, oldest first: [when it started (ms), what it found]. */
const runs: [number, string][] = [
  [T0 - 7 * HOUR, 'passing'],
  [T0 - 5 * HOUR, 'failing'],
  [T0 - 3 * HOUR, 'degraded'],
  [T0 - 2 * HOUR, 'failing'],
  [T0 - HOUR, 'passing'],
];

async function run(checkId: string, status: string, at: number): Promise<void> {
  now = at;
  await call(sandbox, 'POST', `/__sandbox/checks/${checkId}/status`, { status });
  expect((await call(sandbox, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).status).toBe(
    201,
  );
}

const list = async (query = '', checkId = web) => {
  const answer = await call(sandbox, 'GET', `/v1/check-results/${checkId}${query}`);
  return answer as { status: number; body: Result[] & { message?: string } };
};
/** The hours before T0 the listed runs started at. */
const hoursAgo = (results: Result[]) => results.map((result) => (T0 - Date.parse(result.startedAt)) / HOUR);

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  const create = async (name: string, locations: string[]) =>
    (
      (
        await call(sandbox, 'POST', '/v1/checks/dns', {
          name,
          locations,
          request: { query: 'example.com', recordType: 'A' },
          heartbeat: {},
          script: '',
        })
      ).body as { id: string }
    ).id;
  web = await create('Web', []);
  europe = await create('Europe', ['eu-west-1', 'us-east-1']);
  for (const [at, status] of runs) await run(web, status, at);
  await run(europe, 'passing', T0 - HOUR);
  now = T0;
});
afterAll(() => sandbox.close());

describe('GET /v1/check-results/{checkId}', () => {
  it('lists the runs of the last 6 hours, newest first', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(hoursAgo(answer.body)).toEqual([1, 2, 3, 5]);
    expect(answer.body[1]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Web',
      checkId: web,
      hasFailures: true,
      hasErrors: false,
      isDegraded: false,
      isCancelled: false,
      overMaxResponseTime: true,
      runLocation: 'us-east-1',
      startedAt: new Date(T0 - 2 * HOUR).toISOString(),
      stoppedAt: new Date(T0 - 2 * HOUR + 2000).toISOString(),
      created_at: new Date(T0 - 2 * HOUR + 2000).toISOString(),
      responseTime: 1000,
      checkRunId: expect.any(Number),
      attempts: 0,
      resultType: 'FINAL',
      sequenceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      traceId: null,
      errorGroupIds: [],
    });
    expect(answer.body.map((result) => [result.hasFailures, result.isDegraded])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, false],
    ]);
  });

  it("lists a run once it is over (2 seconds after it started, by the sandbox clock), in its check's first location", async () => {
    await run(europe, 'passing', T0);
    expect(hoursAgo((await list('', europe)).body)).toEqual([1]);
    now = T0 + 2000;
    const after = (await list('', europe)).body;
    expect(hoursAgo(after)).toEqual([0, 1]);
    expect(after[0]!.runLocation).toBe('eu-west-1');
    now = T0;
  });

  it.each([
    // The window: from (included) to (excluded), in UNIX seconds, at most 6 hours.
    [`?from=${seconds(T0 - 8 * HOUR)}&to=${seconds(T0 - 2 * HOUR)}`, [3, 5, 7]],
    [`?from=${seconds(T0 - 3 * HOUR)}&to=${seconds(T0 - 2 * HOUR)}`, [3]],
    [`?from=${seconds(T0 - 8 * HOUR)}`, [3, 5, 7]],
    [`?to=${seconds(T0 - 2 * HOUR + 1)}`, [2, 3, 5, 7]],
    [`?from=${seconds(T0 - 2 * HOUR)}&to=${seconds(T0 - 2 * HOUR)}`, []],
    ['?hasFailures=true', [2, 5]],
    ['?hasFailures=false', [1, 3]],
    ['?resultType=FINAL', [1, 2, 3, 5]],
    ['?resultType=ALL', [1, 2, 3, 5]],
    ['?resultType=ATTEMPT', []],
    ['?location=us-east-1', [1, 2, 3, 5]],
    ['?location=eu-west-1', []],
    ['?checkType=DNS', [1, 2, 3, 5]],
    ['?checkType=API', []],
    ['?limit=1', [1]],
    ['?limit=100', [1, 2, 3, 5]],
    ['?limit=3&page=2', [5]],
    ['?limit=3&page=3', []],
  ])('%s', async (query, expected) => {
    const answer = await list(query);
    expect(answer.status).toBe(200);
    expect(hoursAgo(answer.body)).toEqual(expected);
  });

  it.each([
    [`?from=${seconds(T0 - 6 * HOUR)}&to=${seconds(T0)}`, 200, ''],
    [
      `?from=${seconds(T0 - 6 * HOUR) - 1}&to=${seconds(T0)}`,
      400,
      'query.to: must be at most 6 hours (21600 seconds) after from',
    ],
    [`?from=${seconds(T0)}&to=${seconds(T0) - 1}`, 400, 'query.to: must not be before from'],
    ['?from=-1', 400, 'query.from: must be a UNIX time in seconds'],
    ['?to=yesterday', 400, 'query.to: must be a UNIX time in seconds'],
    ['?limit=0', 400, 'query.limit: must be a whole number from 1 to 100'],
    ['?limit=101', 400, 'query.limit: must be a whole number from 1 to 100'],
    ['?page=0', 400, 'query.page: must be a whole number >= 1'],
    ['?hasFailures=yes', 400, 'query.hasFailures: must be true or false'],
    ['?resultType=LAST', 400, 'query.resultType: must be one of FINAL, ATTEMPT, ALL'],
    ['?location=mars-1', 400, 'query.location: must be a data-center location'],
    ['?checkType=PING', 400, 'query.checkType: must be one of'],
  ])('%s: %d', async (query, status, says) => {
    const answer = await list(query);
    expect(answer.status).toBe(status);
    if (says) expect(answer.body.message).toContain(says);
  });

  it("a heartbeat monitor's: none (its pings are its events)", async () => {
    const beat = (sandbox.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;
    expect(await list('', beat)).toEqual({ status: 200, body: [] });
  });

  it('404 for an unknown check, 400 for an ID that is no UUID', async () => {
    expect(await list('', UNKNOWN)).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: `Check ${UNKNOWN} not found` },
    });
    const refused = await list('', 'web');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('params.checkId: must be a check ID (8-4-4-4-12 hexadecimal digits)');
  });
});

describe('GET /v1/check-results/{checkId}/{checkResultId}', () => {
  it('answers one result of the check, as the list does', async () => {
    const [newest] = (await list()).body;
    expect(await call(sandbox, 'GET', `/v1/check-results/${web}/${newest!.id}`)).toEqual({
      status: 200,
      body: newest,
    });
  });

  it("404 for an unknown result, another check's, or one still running", async () => {
    const [newest] = (await list()).body;
    const [other] = (await list('', europe)).body;
    await run(web, 'passing', T0);
    const [running] = (await list(`?from=${seconds(T0)}`)).body;
    expect(running).toBeUndefined();
    const latest = sandbox.store
      .collection<{ id: string; checkId: string; startedAt: string }>('checkResults')
      .values()
      .at(-1)!;
    expect(latest).toMatchObject({ checkId: web, startedAt: new Date(T0).toISOString() });
    for (const [checkId, resultId] of [
      [web, UNKNOWN],
      [web, other!.id],
      [europe, newest!.id],
      [web, latest.id],
      [UNKNOWN, newest!.id],
    ]) {
      expect((await call(sandbox, 'GET', `/v1/check-results/${checkId}/${resultId}`)).status).toBe(404);
    }
    now = T0 + 2000;
    expect((await call(sandbox, 'GET', `/v1/check-results/${web}/${latest.id}`)).status).toBe(200);
    now = T0;
  });
});
