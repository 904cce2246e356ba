import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('mon api', () => {
  it('GETs any path with the same auth, and prints the body as indented JSON', async () => {
    const result = await runMon(['api', '/v1/runtimes/2024.09'], { env: sandbox.env() });
    expect(result.code).toBe(0);
    const direct = await sandbox.call('GET', '/v1/runtimes/2024.09');
    expect(result.stdout).toBe(`${JSON.stringify(direct.body, null, 2)}\n`);
  });

  it('prints the status line and headers with -i', async () => {
    const result = await runMon(['api', 'v1/status-pages?limit=1', '-i'], { env: sandbox.env() });
    expect(result.code).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP 200 OK\n/);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(head).toMatch(/^x-request-id: [0-9a-f-]{36}$/m);
    expect(JSON.parse(body!).length).toBe(1);
  });

  it('follows nextId with --paginate and prints one array', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['api', '/v1/status-pages', '--paginate', '-F', 'limit=1'], { env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((page: { name: string }) => page.name)).toEqual([
      'Acme Cloud',
      'Acme Internal',
      'Acme Payments',
    ]);
    expect((await sandbox.requests()).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/status-pages?limit=1',
      'GET /v1/status-pages?limit=1&nextId=6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
      'GET /v1/status-pages?limit=1&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
  });

  it('--paginate asks for 100 a page unless a limit is given in the path or as a field', async () => {
    await sandbox.clearRequests();
    expect((await runMon(['api', '/v1/status-pages', '--paginate'], { env: sandbox.env() })).code).toBe(0);
    expect((await runMon(['api', '/v1/status-pages?limit=2', '--paginate'], { env: sandbox.env() })).code).toBe(0);
    const paths = (await sandbox.requests()).map((request) => request.path);
    expect(paths[0]).toBe('/v1/status-pages?limit=100');
    expect(paths.slice(1)).toEqual([
      '/v1/status-pages?limit=2',
      '/v1/status-pages?limit=2&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
  });

  it('POSTs typed and nested fields as a JSON body, and --input sends a file as is', async () => {
    await sandbox.clearRequests();
    const result = await runMon(
      [
        'api',
        '-X',
        'POST',
        '/v1/anything',
        '-f',
        'name=Disk full',
        '-F',
        'count=3',
        '-F',
        'ok=true',
        '-F',
        'none=null',
        '-F',
        'a.b=1',
        '-F',
        'tags[]=x',
        '-F',
        'tags[]=y',
      ],
      { env: sandbox.env() },
    );
    expect(result.code).toBe(6);
    const dir = tempDir();
    writeFileSync(join(dir, 'body.json'), '{"raw": [1, 2]}');
    await runMon(['api', '/v1/other', '--input', join(dir, 'body.json')], { env: sandbox.env() });
    const received = await sandbox.requests();
    expect(received.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/v1/anything', { name: 'Disk full', count: 3, ok: true, none: null, a: { b: 1 }, tags: ['x', 'y'] }],
      ['POST', '/v1/other', { raw: [1, 2] }],
    ]);
    expect(received[1]!.headers['content-type']).toBe('application/json');
  });

  it('gives the usual errors and exit codes, and refuses bad input before sending', async () => {
    await sandbox.clearRequests();
    const notFound = await runMon(['api', '/v1/runtimes/1999.01'], { env: sandbox.env() });
    expect(notFound.code).toBe(6);
    const unauthorized = await runMon(['api', '/v1/runtimes'], {
      env: sandbox.env({ MON_API_KEY: 'sk_wrong_0000000000' }),
    });
    expect(unauthorized.code).toBe(4);
    const before = (await sandbox.requests()).length;
    for (const args of [
      ['api', 'https://elsewhere.example.com/v1/runtimes'],
      ['api', '/v1/../admin'],
      ['api', '/v1/x', '-X', 'BREW'],
      ['api', '/v1/x', '-f', 'novalue'],
      ['api', '/v1/x', '-H', 'bad header'],
      ['api', '/v1/x', '--input', '/nonexistent/file.json'],
    ]) {
      const result = await runMon(args, { env: sandbox.env() });
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect((await sandbox.requests()).length).toBe(before);
  });

  it.each([
    ['a 502', '502x1@POST', /502 Bad Gateway/],
    ['a connection reset', 'resetx1@POST', /may or may not have acted on it/],
  ])('never sends a POST again after %s (it may have been processed): one POST, exit 1', async (_what, fault, says) => {
    const flaky = await startSandbox(['--faults', `${fault},502x1@GET`]);
    try {
      const env = flaky.env();
      const body = join(tempDir(), 'incident.json');
      writeFileSync(
        body,
        JSON.stringify({
          name: 'Once',
          severity: 'MINOR',
          services: [
            { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API', accountId: flaky.info.accountId },
          ],
          incidentUpdates: [{ description: 'Sent once.' }],
        }),
      );
      const post = await runMon(['api', '-X', 'POST', '/v1/status-pages/incidents', '--input', body], { env });
      expect(post.code).toBe(1);
      expect(post.stderr).toMatch(says);
      expect((await flaky.requests()).map((request) => request.method)).toEqual(['POST']);
      // The same fault on a GET is retried: what the POST is spared is a real retry.
      const get = await runMon(['api', '/v1/runtimes'], { env });
      expect(get.code).toBe(0);
      expect((await flaky.requests()).map((request) => request.method)).toEqual(['POST', 'GET', 'GET']);
    } finally {
      await flaky.stop();
    }
  });

  it('a 405 to the POST that fields made suggests -X GET (exit 1); with -X GET the same fields are the query', async () => {
    const post = await runMon(['api', '/v1/runtimes', '-F', 'limit=1'], { env: sandbox.env() });
    expect(post.code).toBe(1);
    expect(post.stderr).toContain('405 Method Not Allowed');
    expect(post.stderr).toContain('add -X GET to send them as the query of a GET');
    const explicit = await runMon(['api', '/v1/runtimes', '-X', 'POST', '-F', 'limit=1'], { env: sandbox.env() });
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).not.toContain('-X GET');
    const get = await runMon(['api', '/v1/runtimes', '-X', 'GET', '-F', 'limit=1'], { env: sandbox.env() });
    expect(get.code, get.stderr).toBe(0);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    await sandbox.clearRequests();
    const result = await runMon(
      ['--json', 'api', '-X', 'POST', '/v1/status-pages/incidents', '-f', 'name=Dry', '--dry-run'],
      { env: sandbox.env() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      method: 'POST',
      url: `${sandbox.url}/v1/status-pages/incidents`,
      body: { name: 'Dry' },
    });
    expect(await sandbox.requests()).toEqual([]);
  });
});
