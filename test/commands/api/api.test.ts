/** `mon api`: any request of the API, with the same auth, as indented JSON. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import {
  httpServer,
  memorySandbox,
  mon,
  refusesBadInput,
  sandboxCall,
  TEST_ACCOUNT,
  serverEnv,
  testEnv,
  type TestServer,
} from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), 'mon-api-'));
const requested = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);

describe('mon api', () => {
  it('GETs any path with the same auth, and prints the body as indented JSON', async () => {
    const result = await mon('api /v1/runtimes/2024.09', { sandbox });
    expect(result.code).toBe(0);
    const direct = await sandboxCall(sandbox, 'GET', '/v1/runtimes/2024.09');
    expect(result.stdout).toBe(`${JSON.stringify(direct.body, null, 2)}\n`);
  });

  it('prints the status line and headers with -i', async () => {
    const result = await mon("api 'v1/status-pages?limit=1' -i", { sandbox });
    expect(result.code).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP 200 OK\n/);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(head).toMatch(/^x-request-id: [0-9a-f-]{36}$/m);
    expect(JSON.parse(body!).length).toBe(1);
  });

  it('follows nextId with --paginate and prints one array', async () => {
    const result = await mon('api /v1/status-pages --paginate -F limit=1', { sandbox });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((page: { name: string }) => page.name)).toEqual([
      'Acme Cloud',
      'Acme Internal',
      'Acme Payments',
    ]);
    expect(requested()).toEqual([
      'GET /v1/status-pages?limit=1',
      'GET /v1/status-pages?limit=1&nextId=6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
      'GET /v1/status-pages?limit=1&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
  });

  it('--paginate asks for 100 a page unless a limit is given in the path or as a field', async () => {
    expect((await mon('api /v1/status-pages --paginate', { sandbox })).code).toBe(0);
    expect((await mon("api '/v1/status-pages?limit=2' --paginate", { sandbox })).code).toBe(0);
    const paths = sandbox.requests.map((request) => request.path);
    expect(paths[0]).toBe('/v1/status-pages?limit=100');
    expect(paths.slice(1)).toEqual([
      '/v1/status-pages?limit=2',
      '/v1/status-pages?limit=2&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
  });

  it('POSTs typed and nested fields as a JSON body, and --input sends a file as is', async () => {
    const result = await mon(
      "api -X POST /v1/anything -f 'name=Disk full' -F count=3 -F ok=true -F none=null -F a.b=1 -F 'tags[]=x' -F 'tags[]=y'",
      { sandbox },
    );
    expect(result.code).toBe(6);
    writeFileSync(join(dir, 'body.json'), '{"raw": [1, 2]}');
    await mon(['api', '/v1/other', '--input', join(dir, 'body.json')], { sandbox });
    const received = sandbox.requests;
    expect(received.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/v1/anything', { name: 'Disk full', count: 3, ok: true, none: null, a: { b: 1 }, tags: ['x', 'y'] }],
      ['POST', '/v1/other', { raw: [1, 2] }],
    ]);
    expect(received[1]!.headers['content-type']).toBe('application/json');
  });

  it('gives the usual errors and exit codes, and refuses bad input before sending', async () => {
    const notFound = await mon('api /v1/runtimes/1999.01', { sandbox });
    expect(notFound.code).toBe(6);
    const unauthorized = await mon('api /v1/runtimes', {
      env: testEnv({ sandbox, env: { MON_API_KEY: 'sk_wrong_0000000000' } }),
    });
    expect(unauthorized.code).toBe(4);
    const before = sandbox.requests.length;
    for (const line of [
      'api https://elsewhere.example.com/v1/runtimes',
      'api /v1/../admin',
      'api /v1/x -X BREW',
      'api /v1/x -f novalue',
      "api /v1/x -H 'bad header'",
      'api /v1/x --input /nonexistent/file.json',
    ]) {
      const result = await mon(line, { sandbox });
      expect(result.code, line).toBe(2);
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it.each([
    ['a 502', '502x1@POST', /502 Bad Gateway/],
    ['a connection reset', 'resetx1@POST', /may or may not have acted on it/],
  ])('never sends a POST again after %s (it may have been processed): one POST, exit 1', async (_what, fault, says) => {
    const flaky = await memorySandbox({ faults: `${fault},502x1@GET` });
    try {
      const body = join(dir, 'incident.json');
      writeFileSync(
        body,
        JSON.stringify({
          name: 'Once',
          severity: 'MINOR',
          services: [{ id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API', accountId: TEST_ACCOUNT }],
          incidentUpdates: [{ description: 'Sent once.' }],
        }),
      );
      const post = await mon(['api', '-X', 'POST', '/v1/status-pages/incidents', '--input', body], { sandbox: flaky });
      expect(post.code).toBe(1);
      expect(post.stderr).toMatch(says);
      expect(flaky.requests.map((request) => request.method)).toEqual(['POST']);
      // The same fault on a GET is retried: what the POST is spared is a real retry.
      const get = await mon('api /v1/runtimes', { sandbox: flaky });
      expect(get.code).toBe(0);
      expect(flaky.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'GET']);
    } finally {
      await flaky.close();
    }
  });

  it('a 405 to the POST that fields made suggests -X GET (exit 1); with -X GET the same fields are the query', async () => {
    const post = await mon('api /v1/runtimes -F limit=1', { sandbox });
    expect(post.code).toBe(1);
    expect(post.stderr).toContain('405 Method Not Allowed');
    expect(post.stderr).toContain('add -X GET to send them as the query of a GET');
    const explicit = await mon('api /v1/runtimes -X POST -F limit=1', { sandbox });
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).not.toContain('-X GET');
    const get = await mon('api /v1/runtimes -X GET -F limit=1', { sandbox });
    expect(get.code, get.stderr).toBe(0);
  });

  it('--dry-run prints the plan of the request (the effect of its method) and sends nothing', async () => {
    const result = await mon('--json api -X POST /v1/status-pages/incidents -f name=Dry --dry-run', { sandbox });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      status: 'dry_run',
      command: 'api',
      classification: { kind: 'write', readOnly: false, destructive: false, idempotent: false },
      changes: ['POST /v1/status-pages/incidents: sent as given (mon api does not read what it changes)'],
      request: { method: 'POST', path: '/v1/status-pages/incidents', body: { name: 'Dry' } },
    });
    expect(sandbox.requests).toEqual([]);
  });

  it('-X DELETE is destructive: without a terminal it is planned (exit 9) unless --yes; GET is never planned', async () => {
    const planned = await mon('api -X DELETE /v1/checks/3f2a9c41-0000-4000-8000-000000000000', { sandbox });
    expect(planned.code, planned.stderr).toBe(9);
    expect(JSON.parse(planned.stdout)).toMatchObject({
      status: 'confirmation_required',
      classification: { kind: 'destructive', destructive: true, idempotent: true },
      request: { method: 'DELETE', path: '/v1/checks/3f2a9c41-0000-4000-8000-000000000000' },
    });
    expect(sandbox.requests).toEqual([]);
    const read = await mon('api /v1/runtimes --jq length', {
      sandbox,
      env: testEnv({ sandbox, env: { MON_MODE: 'agent' } }),
    });
    expect(read.code, read.stderr).toBe(0);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/runtimes']);
    const plan = await mon('api /v1/runtimes --plan', { sandbox });
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain('--plan is for requests that change something: GET only reads.');
  });
});

describe('mon api --dry-run', () => {
  it('mon api --dry-run prints a body holding null as it is (the masking walks past it)', async () => {
    const result = await mon('api -X POST /v1/anything -F note=null -F n=1 --dry-run', {
      sandbox,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).request.body).toEqual({ note: null, n: 1 });
    expect(sandbox.requests).toHaveLength(0);
  });
});

refusesBadInput([
  { what: 'a path with ".."', line: 'api /v1/../v1/runtimes', says: 'PATH must not contain "." or ".." segments' },
  {
    what: 'a URL instead of a path',
    line: 'api https://evil.example.com/v1/runtimes',
    says: 'PATH must be a path on the API',
  },
  { what: 'an unknown method', line: 'api /v1/runtimes -X FETCH', says: '--method must be one of GET, POST' },
]);

describe('what never leaves mon', () => {
  /** A server answering 200 {} to anything: what reached it is in `received`. */
  let target: TestServer;
  beforeAll(async () => {
    target = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  afterAll(() => target.close());
  beforeEach(() => {
    target.received.length = 0;
  });
  const env = () => serverEnv(target);

  describe('prototype pollution (-f/-F)', () => {
    for (const field of [
      '__proto__.http_proxy=http://127.0.0.1:9',
      'a.__proto__.polluted=1',
      'constructor.prototype.x=1',
    ]) {
      for (const flag of ['-f', '-F']) {
        it(`${flag} ${field.split('=')[0]}: exit 2 naming ${flag}, nothing sent`, async () => {
          const result = await mon(['api', '/v1/runtimes', flag, field], { env: env() });
          expect(result.code).toBe(2);
          expect(result.stderr).toContain(flag);
          expect(result.stderr).toMatch(/__proto__|prototype|constructor/);
          expect(target.received).toEqual([]);
        });
      }
    }

    it('keys that merely contain those words are fields like any other', async () => {
      const result = await mon('api -X POST /v1/things -f my_prototype.constructors=1', { env: env() });
      expect(result.code).toBe(0);
      expect(target.received).toHaveLength(1);
    });
  });

  describe('paths that would leave the base URL', () => {
    for (const path of [
      '/v1/%2e%2e/%2e%2e/admin',
      '/v1/%2E%2E%2fadmin',
      '/v1/..%2F..%2Fadmin',
      '/v1/%2e%2E%5cadmin',
      '/v1/.%2e/admin',
      '/v1/%2e/runtimes',
      '/v1\\..\\admin',
      '/v1/%252e%252e/admin',
    ]) {
      it(`${path}: exit 2 naming PATH, nothing sent`, async () => {
        const result = await mon(['api', path], { env: env() });
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('PATH');
        expect(target.received).toEqual([]);
      });
    }

    it('dots inside a segment are fine', async () => {
      const result = await mon("api '/v1/runtimes/2026.04?x=..'", { env: env() });
      expect(result.code).toBe(0);
      expect(target.received.map((r) => r.url)).toEqual(['/v1/runtimes/2026.04?x=..']);
    });
  });

  describe('bad -H', () => {
    for (const header of ['X-Test: a\rb', 'X-Test: a\nInjected: 1', 'X-Te\u0001st: a', 'X-Test: a\u007fb']) {
      it(`${JSON.stringify(header)}: exit 2 naming -H, nothing sent`, async () => {
        const result = await mon(['api', '/v1/runtimes', '-H', header], { env: env() });
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('-H');
        expect(result.stderr).not.toContain('could not reach');
        expect(target.received).toEqual([]);
      });
    }

    it('a tab inside a value is allowed', async () => {
      const result = await mon(['api', '/v1/runtimes', '-H', 'X-Test: a\tb'], { env: env() });
      expect(result.code).toBe(0);
      expect(target.received[0]!.headers['x-test']).toBe('a\tb');
    });
  });
});
