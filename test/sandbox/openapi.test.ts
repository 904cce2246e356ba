/**
 * The sandbox against the public OpenAPI description: a walk of every operation the
 * description covers, through mon (what mon sends) and directly (the error answers), with
 * every request body and every answer checked by test/openapi.ts. The rest of the suite's
 * traffic goes through the same check (every in-process sandbox's log when it closes,
 * test/helpers.ts; every end-to-end sandbox's when its log is cleared and when it stops,
 * test/e2e/harness.ts).
 *
 * Where the spec and the description disagree, the spec wins; those places are the changes
 * in test/openapi-exceptions.ts (a check's created_at is a date, a heartbeat event's
 * timestamp a date-time, the deprecated combined create's body, a maintenance window's
 * date-times), with the description's gap (the three request shapes its check update names
 * and does not hold), and the places not checked are listed there too (the account header
 * `x-service-account`, the date-time event windows `startTime`/`endTime`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../src/sandbox/request-log';
import type { Sandbox } from '../../src/sandbox/server';
import { frozenClock, memorySandbox, mon as run, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';
import { assertTrafficMatchesOpenApi, openApiChecker, openApiFiles, OpenApiChecker, readDocuments } from '../openapi';
import { EXCEPTIONS } from '../openapi-exceptions';
import { received } from './fixture';

const API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
const ACME_CLOUD = '5a0c1f0e-8d2b-4e6f-a1c3-000000000001';
const files = openApiFiles();
const file = files[0];

/**
 * Operations of openapi-beyond.json the sandbox does not serve yet: one heartbeat event.
 * Each is checked to be still unserved, so that serving one fails here until it joins the walk.
 */
const NOT_SERVED_YET: { operation: string; method: string; path: string }[] = [
  {
    operation: 'GET /v1/checks/heartbeats/{checkId}/events/{id}',
    method: 'GET',
    path: '/v1/checks/heartbeats/00000000-0000-4000-8000-000000000000/events/00000000-0000-4000-8000-000000000000',
  },
];

let sandbox: Sandbox;
let limited: Sandbox;
/** Its clock stands still: a check session ends when the walk moves it. */
let timed: Sandbox;
/** Everything both sandboxes received and answered during the walk. */
let traffic: LoggedRequest[] = [];

/** A call to a sandbox made directly, not through mon (and kept in its log, unlike sandboxCall's). */
async function direct(on: Sandbox, method: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(on.url + path, {
    method,
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      'x-service-account': TEST_ACCOUNT,
      'content-type': 'application/json',
      // Not kept alive: fetch would hand an idle one to a later request as the sandbox closes it (ECONNRESET).
      connection: 'close',
    },
    body: JSON.stringify(body),
  });
  await response.text();
  return response.status;
}

/**
 * The time of a walk (a few dozen mon commands) and of a check of its whole traffic (ajv
 * compiles each operation it meets): on a loaded machine, more than the suite's 30 s.
 */
const WALK_MS = 120_000;

/** mon run in-process against the walk's sandbox (or `env`'s): its stdout, trimmed, once it exited as expected. */
async function mon(line: string, expected = 0, env = testEnv({ sandbox }), stdin?: string): Promise<string> {
  const result = await run(line, { env, stdin });
  expect(result.code, `mon ${line}: ${result.stderr}`).toBe(expected);
  return result.stdout.trim();
}

beforeAll(async () => {
  if (!file) return;
  [sandbox, limited, timed] = await Promise.all([
    memorySandbox(),
    memorySandbox({ maxChecks: 0 }),
    memorySandbox({ now: frozenClock() }),
  ]);
  const heartbeat = (sandbox.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;

  // Every operation, through mon.
  await mon('status-pages list');
  await mon('runtimes list');
  await mon('runtimes get 2025.04');
  await mon(`heartbeats events ${heartbeat}`);
  await mon(`heartbeats availability ${heartbeat}`);
  await mon('checks create-dns --name Walk --query example.com --frequency 5');
  await mon('checks create --type DNS --name "Deprecated walk" --query example.com');
  const id = await mon(`incidents create --name Walk --severity minor --service ${API} --message Started.`);
  await mon('incidents list --status all');
  await mon(`incidents update ${id} --severity major --status identified --message Found.`);
  const updateId = await mon(`incidents updates create ${id} --message "A note."`);
  await mon(`incidents updates get ${id} ${updateId}`);
  await mon(`incidents updates edit ${id} ${updateId} --message "A better note."`);
  await mon(`incidents get ${id}`);
  await mon(`incidents resolve ${id}`);
  // Beyond the spec: the checks' reads and delete, their statuses, one status page.
  // (--jq: a heartbeat's answer carries its ping token, a secret no test prints.)
  await mon("api '/v1/checks?limit=2&page=2' --jq length");
  await mon("api '/v1/checks?checkType=HEARTBEAT&search=night&status=passing' --jq length");
  await mon("api '/v1/checks?tag=x&tag=y' --jq length");
  const checkId = await mon("api '/v1/checks?checkType=DNS&search=walk' --jq '.[0].id'");
  await mon(`api /v1/checks/${checkId}`);
  await mon(`api /v1/checks/${heartbeat} --jq .name`);
  await mon('api /v1/check-statuses');
  await mon(`api /v1/check-statuses/${heartbeat}`);
  await mon(`api /v1/status-pages/${ACME_CLOUD}`);
  const timing =
    '-F heartbeat.period=1 -f heartbeat.periodUnit=hours -F heartbeat.grace=0 -f heartbeat.graceUnit=minutes';
  const created = await mon(`api /v1/checks/heartbeat -f "name=Walk beat" ${timing} --jq .id`);
  await mon(`api -X PUT /v1/checks/heartbeat/${created} -F muted=true --jq .id`);
  // A DELETE is destructive: without a terminal it is planned (exit 9) unless --yes says to go ahead.
  await mon(`api -X DELETE /v1/checks/${checkId} --yes`);
  await mon(`api /v1/checks/${checkId}`, 6);

  // The error answers: 401, 403, 404, 400 (directly: mon refuses such bodies before sending), 402.
  await mon('runtimes list', 4, testEnv({ sandbox, env: { MON_API_KEY: 'sk_test_not_the_key_of_this_sandbox' } }));
  await mon('runtimes list', 4, testEnv({ sandbox, env: { MON_ACCOUNT_ID: '99999999-2222-4333-8444-555555555555' } }));
  await mon('incidents get 00000000-0000-4000-8000-000000000000', 6);
  await mon('runtimes get 1999.01', 6);
  expect(await direct(sandbox, 'POST', '/v1/status-pages/incidents', { name: '' })).toBe(400);
  expect(await direct(sandbox, 'POST', '/v1/checks/dns', { name: 'x' })).toBe(400);
  await mon('checks create --type DNS --name "Over the limit" --query example.com', 5, testEnv({ sandbox: limited }));
}, WALK_MS);

// The fourth round's operations (a hook of their own: each hook has its own time): maintenance windows and check updates...
beforeAll(async () => {
  if (!file) return;
  const checkId = await mon('checks create-dns --name "Walk updates" --query example.com --json --jq .id');
  const window = await mon(
    "api /v1/maintenance-windows -f name=Walk -f startsAt=2026-03-02T10:00:00Z -f endsAt=2026-03-02T11:00:00Z -f repeatUnit=DAY -f 'tags[]=web' --jq .id",
  );
  await mon("api '/v1/maintenance-windows?limit=5&page=1&startsAt[gte]=2026-03-01&endsAt[lt]=2026-03-03' --jq length");
  await mon(`api /v1/maintenance-windows/${window} --jq .id`);
  await mon(`api -X PUT /v1/maintenance-windows/${window} -f endsAt=2026-03-02T10:30:00Z -F repeatInterval=7 --jq .id`);
  await mon(`api --yes -X DELETE /v1/maintenance-windows/${window}`);
  await mon(`api /v1/maintenance-windows/${window}`, 6);
  const changed = { name: 'Walk', request: { query: 'example.org', recordType: 'AAAA' }, tags: ['web'] };
  await mon(`api -X PUT /v1/checks/${checkId} --input - --jq .id`, 0, undefined, JSON.stringify(changed));
  await mon(`api -X PUT /v1/checks/dns/${checkId} -f "name=Walk DNS" -F frequency=5 --jq .id`);
  // ...check sessions and results, on the sandbox whose clock stands still.
  const env = testEnv({ sandbox: timed });
  const dns = await mon('checks create-dns --name Timed --query example.com --tag web --json --jq .id', 0, env);
  const target = JSON.stringify({ target: { checkId: [dns] } });
  const session = await mon(
    "api -X POST /v1/check-sessions/trigger --input - --jq '.sessions[0].checkSessionId'",
    0,
    env,
    target,
  );
  await mon(`api /v1/check-sessions/${session} --jq .status`, 0, env);
  // 408: still running after the second it waited (the clock moves once the request waits).
  const waiting = direct(timed, 'GET', `/v1/check-sessions/${session}/completion?maxWaitSeconds=1`, undefined);
  await received(timed, (request) => request.path.endsWith('/completion?maxWaitSeconds=1'));
  timed.clock.advance(1000);
  expect(await waiting).toBe(408);
  timed.clock.advance(1000);
  await mon(`api '/v1/check-sessions/${session}/completion?maxWaitSeconds=30' --jq .status`, 0, env);
  await mon(`api '/v1/check-results/${dns}?limit=5&page=1&hasFailures=false&resultType=FINAL' --jq length`, 0, env);
  const result = await mon(`api /v1/check-results/${dns} --jq '.[0].id'`, 0, env);
  await mon(`api /v1/check-results/${dns}/${result} --jq .id`, 0, env);
  await mon('api /v1/check-sessions/00000000-0000-4000-8000-000000000000', 6, env);
  expect(await direct(timed, 'POST', '/v1/check-sessions/trigger', { target: { matchTags: [['no-such-tag']] } })).toBe(
    404,
  );

  traffic = [...sandbox.requests, ...limited.requests, ...timed.requests];
}, WALK_MS);

afterAll(async () => {
  await Promise.all([sandbox?.close(), limited?.close(), timed?.close()]);
});

describe('the sandbox against the public OpenAPI description', () => {
  it('finds the description (shared/reference/openapi-subset.json, or MON_OPENAPI)', (context) => {
    // A skip (listed at the end of the run), not a failure under CI: the description is
    // outside the repository, so a clone elsewhere has none.
    if (!file)
      return context.skip(
        'the public OpenAPI description was not found (shared/reference/openapi-subset.json beside the repository, or MON_OPENAPI=FILE)',
      );
    expect(file).toMatch(/\.json$/);
  });

  it('every request mon sent and every answer of the walk match it', { timeout: WALK_MS }, (context) => {
    if (!file) return context.skip('no OpenAPI description');
    expect(() => assertTrafficMatchesOpenApi(traffic)).not.toThrow();
  });

  it('the walk covers every operation of the description, with an answer checked for each', (context) => {
    if (!file) return context.skip('no OpenAPI description');
    expect(files.map((part) => part.split(/[\\/]/).at(-1))).toEqual([
      'openapi-subset.json',
      'openapi-beyond.json',
      'openapi-round4.json',
    ]);
    const checker = openApiChecker()!;
    const documents = readDocuments(files) as { paths: Record<string, Record<string, unknown>> }[];
    const operations = documents.flatMap((document) =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const walked = new Set(
      traffic.filter((entry) => entry.answer).map((entry) => checker.operation(entry.method, entry.path)),
    );
    const notYet = new Set(NOT_SERVED_YET.map((entry) => entry.operation));
    expect(operations.filter((operation) => !walked.has(operation) && !notYet.has(operation))).toEqual([]);
    // And the error statuses.
    expect(new Set(traffic.map((entry) => entry.answer?.status))).toEqual(
      new Set([200, 201, 204, 400, 401, 402, 403, 404, 408]),
    );
  });

  it.for(NOT_SERVED_YET.map((entry) => [entry.operation, entry] as const))(
    'is not served yet, so the walk leaves it out: %s',
    async ([, entry], context) => {
      if (!file) return context.skip('no OpenAPI description');
      const answer = await fetch(sandbox.url + entry.path, {
        method: entry.method,
        // A connection of its own: one kept alive since the walk may be closed by the sandbox as it is reused.
        headers: { authorization: `Bearer ${TEST_KEY}`, 'x-service-account': TEST_ACCOUNT, connection: 'close' },
      });
      expect([404, 405]).toContain(answer.status);
    },
  );

  it('reports a theme colour in lower case (the check is not vacuous)', (context) => {
    if (!file) return context.skip('no OpenAPI description');
    const checker = openApiChecker()!;
    const pages = traffic.find(
      (entry) => entry.path.startsWith('/v1/status-pages?') || entry.path === '/v1/status-pages',
    );
    expect(pages?.answer?.status).toBe(200);
    expect(checker.check(pages!)).toEqual([]);
    const lower = structuredClone(pages!);
    const page = (lower.answer!.body as { entries: { themeColors: { light: Record<string, string> } }[] }).entries[0]!;
    page.themeColors.light.bodyBackgroundColor = page.themeColors.light.bodyBackgroundColor!.toLowerCase();
    expect(page.themeColors.light.bodyBackgroundColor).toMatch(/[a-f]/);
    expect(checker.check(lower).join('\n')).toContain(
      '/entries/0/themeColors/light/bodyBackgroundColor must match pattern "^#([0-9A-F]{3}|[0-9A-F]{6})$"',
    );
  });

  it('reports an answer of the second part that departs from it (openapi-beyond.json is checked too)', (context) => {
    if (!file) return context.skip('no OpenAPI description');
    const checker = openApiChecker()!;
    const list = traffic.find((entry) => entry.path.startsWith('/v1/checks?checkType=HEARTBEAT'));
    expect(list?.answer?.status).toBe(200);
    expect(checker.check(list!)).toEqual([]);
    const broken = structuredClone(list!);
    (broken.answer!.body as { heartbeat: { periodUnit: string } }[])[0]!.heartbeat.periodUnit = 'weeks';
    expect(checker.check(broken).join('\n')).toContain('GET /v1/checks?checkType=HEARTBEAT');
  });

  it('reports a request body mon should not have sent', (context) => {
    if (!file) return context.skip('no OpenAPI description');
    const checker = openApiChecker()!;
    const problems = checker.check({
      method: 'POST',
      path: '/v1/status-pages/incidents',
      body: { name: 'x', severity: 'SEV1', services: [], incidentUpdates: [] },
    });
    expect(problems.join('\n')).toContain('/severity must be equal to one of the allowed values');
  });

  it("reports a check update's DNS request that departs from the create body's shape (the gap is filled, not left open)", (context) => {
    if (!file) return context.skip('no OpenAPI description');
    const checker = openApiChecker()!;
    const update = (recordType: string) =>
      checker.check({
        method: 'PUT',
        path: '/v1/checks/0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01',
        body: { name: 'x', request: { query: 'example.com', recordType } },
      });
    expect(update('AAAA')).toEqual([]);
    expect(update('BOGUS').join('\n')).toContain(
      'PUT /v1/checks/0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01: the request body',
    );
  });

  it.for(EXCEPTIONS.map((change) => [change.why, change] as const))(
    'where the spec wins or the description has a gap, the change is still needed: %s',
    { timeout: WALK_MS },
    ([, change], context) => {
      if (!file) return context.skip('no OpenAPI description');
      const without = new OpenApiChecker(
        readDocuments(files),
        EXCEPTIONS.filter((other) => other !== change),
      );
      // The first exchange it finds wrong is enough (each operation met is compiled: the rest need not be).
      const departs = traffic.some(
        (entry) =>
          without.check({
            ...entry,
            body: /^mon\//.test(entry.headers['user-agent'] ?? '') ? entry.body : undefined,
          }).length > 0,
      );
      expect(departs).toBe(true);
    },
  );
});
