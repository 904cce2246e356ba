/**
 * api/resources/checkSessions.ts and checkResults.ts: each request as data (method, path,
 * query, exact body), and each call against a sandbox whose clock the test moves: a session
 * triggered, awaited (a 408 is "not done yet", not an error), its results read; 404s in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client';
import {
  checkResultPages,
  checkResultRequest,
  checkResultsRequest,
  getCheckResult,
} from '../../../src/api/resources/checkResults';
import {
  awaitCheckSession,
  checkSessionCompletionRequest,
  checkSessionRequest,
  getCheckSession,
  triggerCheckSessions,
  triggerCheckSessionsRequest,
} from '../../../src/api/resources/checkSessions';
import type { Sandbox } from '../../../src/sandbox/server';
import { frozenClock, memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../../helpers';
import { received } from '../../sandbox/fixture';
import { hintText } from '../../../src/text/next';

const ID = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';

describe('the requests, as data', () => {
  it('triggers a session with the target as given', () => {
    const body = { target: { checkId: [ID], matchTags: [['web', '!slow']] } };
    const { uncertainHint, ...request } = triggerCheckSessionsRequest(body);
    expect(request).toEqual({ method: 'POST', path: '/v1/check-sessions/trigger', body });
    expect(hintText(uncertainHint, {})).toBe(
      'The checks may have been started even so: their results show in `mon checks results CHECK`; running them again runs them twice.',
    );
  });

  it('reads a session, and awaits it for so many seconds', () => {
    expect(checkSessionRequest('s/1')).toEqual({ method: 'GET', path: '/v1/check-sessions/s%2F1' });
    expect(checkSessionCompletionRequest('s1', 25)).toEqual({
      method: 'GET',
      path: '/v1/check-sessions/s1/completion',
      query: { maxWaitSeconds: 25 },
    });
  });

  it("lists a check's results with limit always sent and only the filters given, in a fixed order", () => {
    expect(checkResultsRequest(ID)).toEqual({ method: 'GET', path: `/v1/check-results/${ID}`, query: { limit: 10 } });
    expect(
      checkResultsRequest(ID, { to: 200, from: 100, hasFailures: true, page: 2, limit: 50, resultType: 'ALL' }).query,
    ).toEqual({ limit: 50, page: 2, hasFailures: true, resultType: 'ALL', from: 100, to: 200 });
    expect(
      Object.keys(checkResultsRequest(ID, { to: 2, from: 1, location: 'eu-west-1', checkType: 'DNS' }).query),
    ).toEqual(['limit', 'location', 'checkType', 'from', 'to']);
    expect(checkResultRequest(ID, 'r1')).toEqual({ method: 'GET', path: `/v1/check-results/${ID}/r1` });
  });
});

describe('the calls, against a sandbox', () => {
  let sandbox: Sandbox;
  let client: ApiClient;
  let check: string;
  beforeAll(async () => {
    sandbox = await memorySandbox({ now: frozenClock() });
    client = new ApiClient({ baseUrl: sandbox.url, apiKey: TEST_KEY, accountId: TEST_ACCOUNT, timeoutMs: 60_000 });
    const created = await client.request<{ id: string }>({
      method: 'POST',
      path: '/v1/checks/dns',
      body: {
        name: 'Web',
        tags: ['web'],
        request: { query: 'example.com', recordType: 'A' },
        heartbeat: {},
        script: '',
      },
    });
    check = created.body.id;
    await client.request({ method: 'POST', path: `/__sandbox/checks/${check}/status`, body: { status: 'failing' } });
  });
  afterAll(() => sandbox.close());

  it('triggers, awaits (not done after its wait: done false), and reads the finished session and its result', async () => {
    const { sessions } = await triggerCheckSessions(client, { target: { matchTags: [['web']] } });
    expect(sessions).toMatchObject([{ checkId: check, name: 'Web', status: 'STARTED' }]);
    const id = sessions[0]!.checkSessionId;
    const waiting = awaitCheckSession(client, id, 1);
    await received(sandbox, (request) => request.path === `/v1/check-sessions/${id}/completion?maxWaitSeconds=1`);
    sandbox.clock.advance(1000);
    expect(await waiting).toEqual({ done: false });
    sandbox.clock.advance(1000);
    const done = await awaitCheckSession(client, id, 1);
    expect(done).toMatchObject({ done: true, session: { status: 'FAILED', results: [{ hasFailures: true }] } });
    expect((await getCheckSession(client, id)).session).toEqual((done as { session: unknown }).session);

    const pages = [];
    for await (const page of checkResultPages(client, check, { limit: 1 })) pages.push(page.entries);
    expect(pages).toEqual([[expect.objectContaining({ checkId: check, hasFailures: true })], []]);
    const resultId = (done as { session: { results: { checkResultId: string }[] } }).session.results[0]!.checkResultId;
    expect((await getCheckResult(client, check, resultId)).result).toEqual(pages[0]![0]);
  });

  it('says in words when nothing matches, a session or a result is unknown, or a check has no results to read', async () => {
    await expect(triggerCheckSessions(client, { target: { matchTags: [['nothing']] } })).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining('No check matches: nothing was run.'),
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(getCheckSession(client, unknown)).rejects.toMatchObject({
      message: expect.stringContaining(`Check session "${unknown}" was not found.`),
    });
    await expect(awaitCheckSession(client, unknown, 1)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(getCheckResult(client, check, unknown)).rejects.toMatchObject({
      message: expect.stringContaining(`Result "${unknown}" of check "${check}" was not found.`),
    });
    const pages = checkResultPages(client, unknown);
    await expect(pages.next()).rejects.toMatchObject({
      message: expect.stringContaining(`Check "${unknown}" was not found.`),
    });
  });
});
