/**
 * The sandbox's check sessions over HTTP, without mon: which checks a target runs, the trigger
 * body's rules, a session's life by an injected clock (STARTED, PROGRESS, then what the
 * rehearsed status says, 2 seconds later), /completion answering at once, after waiting, or 408
 * (the clock is moved once the request waits: no test waits on the real clock), its bounds,
 * 404s, and persistence across a restart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox } from '../../helpers';
import { call, dataFile, received, start, stop, stopAll } from '../fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Session {
  checkSessionId: string;
  checkId: string;
  name: string;
  status: string;
  startedAt: string;
  stoppedAt: string | null;
  timeElapsed: number;
  results?: { hasFailures: boolean; hasErrors: boolean; isDegraded: boolean; checkResultId: string }[];
}

let sandbox: Sandbox;
let now = T0;
const ids: Record<string, string> = {};

const checkBody = (name: string, tags: string[], extra: Record<string, unknown> = {}) => ({
  name,
  tags,
  request: { query: `${name.toLowerCase()}.example.com`, recordType: 'A' },
  heartbeat: {},
  script: '',
  ...extra,
});

async function trigger(body: unknown, on = sandbox): Promise<Session[]> {
  const answer = await call(on, 'POST', '/v1/check-sessions/trigger', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { sessions: Session[] }).sessions;
}
const names = (sessions: Session[]) => sessions.map((session) => session.name);
const session = async (id: string, on = sandbox) => (await call(on, 'GET', `/v1/check-sessions/${id}`)).body as Session;

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  const create = async (path: string, body: unknown) =>
    ((await call(sandbox, 'POST', path, body)).body as { id: string }).id;
  ids.web = await create('/v1/checks/dns', checkBody('Web', ['web', 'prod']));
  ids.slow = await create('/v1/checks/dns', checkBody('Slow web', ['web', 'slow']));
  ids.api = await create('/v1/checks/dns', checkBody('API', ['api', 'prod']));
  ids.off = await create('/v1/checks/dns', checkBody('Off', ['web'], { activated: false }));
  ids.legacy = await create('/v1/checks', { ...checkBody('Legacy', ['legacy']), type: 'API' });
  ids.beat = (sandbox.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;
});
afterAll(() => sandbox.close());
afterEach(async () => {
  now = T0;
  await stopAll();
});

describe('POST /v1/check-sessions/trigger: which checks run', () => {
  it.each([
    ['by ID', { checkId: ['ID:web', 'ID:api'] }, ['API', 'Web']],
    ['by ID in any case', { checkId: ['ID:web:upper'] }, ['Web']],
    ['by a tag', { matchTags: [['web']] }, ['Slow web', 'Web']],
    ['by all the tags of one list', { matchTags: [['web', 'prod']] }, ['Web']],
    ['by any of the lists', { matchTags: [['api'], ['slow']] }, ['API', 'Slow web']],
    ['without a tag (!tag)', { matchTags: [['web', '!slow']] }, ['Web']],
    ['by ID and tags, both', { checkId: ['ID:web', 'ID:slow'], matchTags: [['slow']] }, ['Slow web']],
    // The sample data's DNS check (Checkout DNS) is one of them.
    ['every check that can run, without a target', undefined, ['API', 'Checkout DNS', 'Legacy', 'Slow web', 'Web']],
    ['every check that can run, with an empty target', {}, ['API', 'Checkout DNS', 'Legacy', 'Slow web', 'Web']],
    [
      'every check, with a list of no tags ([[]])',
      { matchTags: [[]] },
      ['API', 'Checkout DNS', 'Legacy', 'Slow web', 'Web'],
    ],
  ])('%s', async (_what, target, expected) => {
    const resolved = target && {
      ...target,
      ...('checkId' in target
        ? {
            checkId: target.checkId.map((id) => {
              const [, name, upper] = id.split(':');
              return upper ? ids[name!]!.toUpperCase() : ids[name!]!;
            }),
          }
        : {}),
    };
    expect(names(await trigger(resolved === undefined ? {} : { target: resolved }))).toEqual(expected);
  });

  it('answers a session per check, started now and running (201)', async () => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    expect(started).toEqual({
      checkSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      checkSessionLink: `${sandbox.url}/v1/check-sessions/${started!.checkSessionId}`,
      checkId: ids.web,
      checkType: 'DNS',
      name: 'Web',
      status: 'STARTED',
      startedAt: new Date(T0).toISOString(),
      stoppedAt: null,
      timeElapsed: 0,
      runLocations: ['us-east-1'],
      runSource: 'TRIGGER_API',
    });
  });

  it.each([
    ['an unknown ID', { checkId: [UNKNOWN] }],
    ['a heartbeat monitor (it has no runs)', { checkId: ['ID:beat'] }],
    ['a deactivated check', { checkId: ['ID:off'] }],
    ['an empty ID list', { checkId: [] }],
    ['an empty list of tag lists', { matchTags: [] }],
    ['a tag no check has', { matchTags: [['nothing']] }],
  ])('404 when nothing matches: %s', async (_what, target) => {
    const resolved =
      'checkId' in target
        ? { checkId: target.checkId.map((id) => (id.startsWith('ID:') ? ids[id.slice(3)]! : id)) }
        : target;
    const before = sandbox.store.collection('checkSessions').size;
    const answer = await call(sandbox, 'POST', '/v1/check-sessions/trigger', { target: resolved });
    expect(answer).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No matching checks were found.' },
    });
    expect(sandbox.store.collection('checkSessions').size).toBe(before);
  });

  it.each([
    ['a check ID that is no GUID', { target: { checkId: ['web'] } }, 'body.target.checkId[0]: must be a check ID'],
    ['tags not in lists', { target: { matchTags: ['web'] } }, 'body.target.matchTags[0]: must be a list of tags'],
    ['an empty tag', { target: { matchTags: [['']] } }, 'body.target.matchTags[0][0]: must not be empty'],
    ['a bare "!"', { target: { matchTags: [['!']] } }, 'body.target.matchTags[0][0]: must not be empty'],
    ['an unknown field of the target', { target: { tags: ['web'] } }, 'body.target: has unknown field "tags"'],
    ['an unknown field', { checks: [] }, 'body: has unknown field "checks"'],
    ['refreshCache as text', { refreshCache: 'yes' }, 'body.refreshCache: must be true or false'],
  ])('400 for %s, and nothing runs', async (_what, body, says) => {
    const before = sandbox.store.collection('checkSessions').size;
    const answer = await call(sandbox, 'POST', '/v1/check-sessions/trigger', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(says);
    expect(sandbox.store.collection('checkSessions').size).toBe(before);
  });
});

describe('a session, by the sandbox clock', () => {
  it.each([
    ['passing', 'PASSED', { hasFailures: false, hasErrors: false, isDegraded: false }],
    ['failing', 'FAILED', { hasFailures: true, hasErrors: false, isDegraded: false }],
    ['degraded', 'DEGRADED', { hasFailures: false, hasErrors: false, isDegraded: true }],
  ])('runs a %s check: STARTED, PROGRESS, then %s 2 seconds later, with its run', async (rehearsed, outcome, run) => {
    await call(sandbox, 'POST', `/__sandbox/checks/${ids.api}/status`, { status: rehearsed });
    const [started] = await trigger({ target: { checkId: [ids.api] } });
    const id = started!.checkSessionId;
    expect(await session(id)).toMatchObject({ status: 'STARTED', stoppedAt: null, results: [] });
    now = T0 + 1999;
    expect(await session(id)).toMatchObject({ status: 'PROGRESS', stoppedAt: null, timeElapsed: 1999, results: [] });
    now = T0 + 2000;
    const done = await session(id);
    expect(done).toMatchObject({
      status: outcome,
      stoppedAt: new Date(T0 + 2000).toISOString(),
      timeElapsed: 2000,
      results: [{ ...run, checkId: ids.api, resultType: 'FINAL', runLocation: 'us-east-1', aborted: false }],
    });
    now = T0 + 60_000;
    expect((await session(id)).timeElapsed).toBe(2000);
    await call(sandbox, 'POST', `/__sandbox/checks/${ids.api}/status`, { status: 'passing' });
  });

  it('finds the status rehearsed when it was triggered (a change while it runs comes too late)', async () => {
    const [started] = await trigger({ target: { checkId: [ids.legacy] } });
    await call(sandbox, 'POST', `/__sandbox/checks/${ids.legacy}/status`, { status: 'failing' });
    now = T0 + 2000;
    expect(await session(started!.checkSessionId)).toMatchObject({ status: 'PASSED' });
    await call(sandbox, 'POST', `/__sandbox/checks/${ids.legacy}/status`, { status: 'passing' });
  });

  it('GET of an unknown session: 404, the description\'s "No such check session."', async () => {
    expect(await call(sandbox, 'GET', `/v1/check-sessions/${UNKNOWN}`)).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No such check session.' },
    });
  });
});

describe('GET /v1/check-sessions/{id}/completion', () => {
  const completion = (id: string, query = '') =>
    call(sandbox, 'GET', `/v1/check-sessions/${id}/completion${query}`) as Promise<{
      status: number;
      body: Session & { message: string };
    }>;
  const waits = (id: string) => (request: { path: string }) =>
    request.path.startsWith(`/v1/check-sessions/${id}/completion`);

  it('answers the finished session at once (200), as GET answers it', async () => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    now = T0 + 2000;
    const done = await completion(started!.checkSessionId, '?maxWaitSeconds=1');
    expect(done.status).toBe(200);
    expect(done.body).toEqual(await session(started!.checkSessionId));
    expect(done.body.status).toBe('PASSED');
  });

  it('waits while the session runs, and answers 200 when its run is over', async () => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    const waiting = completion(started!.checkSessionId, '?maxWaitSeconds=30');
    await received(sandbox, waits(started!.checkSessionId));
    now = T0 + 2000;
    const done = await waiting;
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'PASSED', stoppedAt: new Date(T0 + 2000).toISOString() });
  });

  it('answers 408 "try again" when maxWaitSeconds pass first, then 200 once it is over', async () => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    const waiting = completion(started!.checkSessionId, '?maxWaitSeconds=1');
    await received(sandbox, waits(started!.checkSessionId));
    now = T0 + 1000;
    expect(await waiting).toEqual({
      status: 408,
      body: {
        statusCode: 408,
        error: 'Request Timeout',
        message: 'Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.',
      },
    });
    now = T0 + 2000;
    expect((await completion(started!.checkSessionId, '?maxWaitSeconds=1')).status).toBe(200);
  });

  it('waits without maxWaitSeconds too (up to 30 seconds), and answers when the run is over', async () => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    const waiting = completion(started!.checkSessionId);
    await received(sandbox, waits(started!.checkSessionId));
    now = T0 + 2000;
    expect((await waiting).status).toBe(200);
  });

  it.each([
    ['maxWaitSeconds=1', 200],
    ['maxWaitSeconds=30', 200],
    ['maxWaitSeconds=2.5', 200],
    ['maxWaitSeconds=0.99', 400],
    ['maxWaitSeconds=0', 400],
    ['maxWaitSeconds=31', 400],
    ['maxWaitSeconds=soon', 400],
  ])('%s: %d', async (query, status) => {
    const [started] = await trigger({ target: { checkId: [ids.web] } });
    now = T0 + 2000;
    const answer = await completion(started!.checkSessionId, `?${query}`);
    expect(answer.status).toBe(status);
    if (status === 400)
      expect(answer.body.message).toBe('query.maxWaitSeconds: must be a number of seconds from 1 to 30');
  });

  it('404 for an unknown session, at once', async () => {
    expect(await completion(UNKNOWN, '?maxWaitSeconds=30')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No such check session.' },
    });
  });
});

describe('persistence', () => {
  it('keeps sessions and their results across a restart: a session triggered before ends after', async () => {
    const file = dataFile();
    let clock = T0;
    let server = await start(file, {}, () => clock);
    const check = ((await call(server, 'POST', '/v1/checks/dns', checkBody('Kept', ['kept']))).body as { id: string })
      .id;
    await call(server, 'POST', `/__sandbox/checks/${check}/status`, { status: 'failing' });
    const [started] = await trigger({ target: { matchTags: [['kept']] } }, server);
    await stop(server);
    clock = T0 + 2000;
    server = await start(file, {}, () => clock);
    const done = await session(started!.checkSessionId, server);
    expect(done).toMatchObject({ status: 'FAILED', results: [{ hasFailures: true }] });
    const results = (await call(server, 'GET', `/v1/check-results/${check}`)).body as { id: string }[];
    expect(results.map((result) => result.id)).toEqual([done.results![0]!.checkResultId]);
  });
});
