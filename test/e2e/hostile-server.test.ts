/* Issue 16, items 4 to 11: what a broken or malicious server must not do to mon, over a real connection (a pasted value that would leave the base URL or pollute a prototype: test/commands/api/api.test.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { inTerminal, requireTerminal, runMon } from './harness';
import { bothWays, HOSTILE_KEY, hostileServer, json, type Hostile } from './hostile';

const servers: Hostile[] = [];
async function server(handler: Parameters<typeof hostileServer>[0]): Promise<Hostile> {
  const made = await hostileServer(handler);
  servers.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// What a server sends is read the same both ways a request goes out: direct, and through a proxy.
const ways = bothWays();
/** mon ARGS against `target`, the way this block sends (plain http to a remote name needs --insecure). */
async function mon(args: string[], target: Hostile, options: { timeoutMs?: number } = {}) {
  const result = await runMon(ways.way === 'direct' ? args : ['--insecure', ...args], {
    ...options,
    env: target.env({ MON_BASE_URL: ways.baseUrl(target.url), ...ways.env() }),
  });
  if (ways.way !== 'direct') expect(ways.proxy.asked.length).toBeGreaterThan(0);
  return result;
}

const ESC = '\u001b';
const INCIDENT_ID = '3f0c2a9e-1111-4222-8333-444455556666';

ways.each('an answer that says when to come back', () => {
  it('waits the Retry-After of a 429 (really: the in-process tests wait no time), then retries and succeeds', async () => {
    const target = await server((_req, res, index) =>
      index === 0 ? json(res, 429, { message: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, []),
    );
    const started = Date.now();
    const result = await mon(['runtimes', 'list', '--debug'], target);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('waiting 1000 ms before retrying');
    expect(target.received).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

ways.each('unbounded answers', () => {
  it('refuses an answer larger than 64 MiB as it streams, without retrying', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 70) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.write('"');
      more();
    });
    const result = await mon(['api', '/v1/runtimes'], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is larger than 64 MiB');
    expect(result.stdout).toBe('');
    expect(target.received).toHaveLength(1);
  });

  it('refuses at once an answer whose Content-Length says it is too large', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('[');
      // ...and never sends the rest.
    });
    const result = await mon(['runtimes', 'list'], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is larger than 64 MiB (Content-Length: 629145600)');
    expect(target.received).toHaveLength(1);
  });
});

ways.each('deeply nested JSON', () => {
  const deep = `[${'['.repeat(200_000)}${']'.repeat(200_000)}]`;
  const page = `{"length":0,"entries":[],"nextId":null,"extra":${deep}}`;
  const cases: [string, string[], string][] = [
    ['mon api', ['api', '/v1/runtimes'], deep],
    ['mon api --paginate', ['api', '/v1/status-pages', '--paginate'], page],
    ['--json', ['status-pages', 'list', '--json'], page],
    ['a table', ['status-pages', 'list'], page],
    ['the response-schema check', ['runtimes', 'list'], deep],
    ['--debug', ['runtimes', 'list', '--debug'], deep],
  ];
  for (const [what, args, body] of cases) {
    it(`${what}: a clear error, not a stack overflow`, async () => {
      const target = await server((_req, res) => json(res, 200, body));
      const result = await mon(args, target);
      expect(result.stderr).not.toContain('call stack');
      expect(result.stderr).not.toContain('unexpected');
      expect(result.stderr).toContain('nested more than 1000 levels deep');
      expect(result.code).toBe(1);
    });
  }
});

ways.each('the key echoed back by the server', () => {
  const masked = 'sk_…ey42';
  it('is masked in an error message', async () => {
    const target = await server((_req, res) => json(res, 401, { message: `Invalid API key ${HOSTILE_KEY}` }));
    const result = await mon(['runtimes', 'list'], target);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`Invalid API key ${masked}`);
  });

  it('is masked in --debug lines, headers and bodies', async () => {
    const target = await server((_req, res) =>
      json(res, 500, { message: `no: ${HOSTILE_KEY}` }, { 'x-echo': `Bearer ${HOSTILE_KEY}` }),
    );
    const result = await mon(['runtimes', 'list', '--debug'], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`x-echo: Bearer ${masked}`);
    expect(result.stderr).toContain(`no: ${masked}`);
  });

  it('is masked in what mon api prints (and in its URL-encoded form)', async () => {
    const target = await server((_req, res) =>
      json(res, 200, { echo: HOSTILE_KEY, link: `/x?key=${encodeURIComponent(HOSTILE_KEY)}` }),
    );
    const result = await mon(['api', '/v1/echo'], target);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ echo: masked, link: `/x?key=${masked}` });
  });
});

describe('escape sequences from the server', () => {
  const hostileText = `${ESC}]0;owned${String.fromCharCode(7)}${ESC}[2J`;
  const incident = {
    id: INCIDENT_ID,
    name: 'Outage',
    severity: 'MAJOR',
    services: [{ id: 's1', name: 'API' }],
    lastUpdateStatus: 'INVESTIGATING',
    created_at: '2026-11-20T10:00:00Z',
    incidentUpdates: [{ id: 'u1', description: 'Looking', status: hostileText, publicIncidentUpdateDate: hostileText }],
  };
  const views: [string, string[], string][] = [
    ['the next-page hint of a list', ['status-pages', 'list'], 'There may be more'],
    ['the next-page hint of incidents', ['incidents', 'list', '--limit', '1'], 'There may be more'],
    ['the updates of an incident', ['incidents', 'get', INCIDENT_ID], 'Timeline, as subscribers read it (1 update'],
  ];
  for (const [what, args, marker] of views) {
    it(`${what}: shown escaped on a terminal`, async (context) => {
      requireTerminal(context);
      const target = await server((req, res) => {
        if (req.url!.startsWith(`/v1/status-pages/incidents/${INCIDENT_ID}`)) return json(res, 200, incident);
        if (req.url!.startsWith('/v1/status-pages/incidents'))
          return json(res, 200, { length: 1, entries: [incident], nextId: hostileText });
        json(res, 200, {
          length: 1,
          entries: [{ id: 'p1', name: 'Public', url: 'https://status.example.com' }],
          nextId: hostileText,
        });
      });
      const run = inTerminal(args, target.env());
      const result = await run.done;
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(marker);
      expect(result.stdout).not.toContain(`${ESC}]0;`);
      expect(result.stdout).not.toContain(`${ESC}[2J`);
      expect(result.stdout).toContain('\\x1b]0;owned\\x07\\x1b[2J');
    });
  }
});

ways.each('endless pagination', () => {
  it('mon api --paginate: a nextId seen twice is exit 1, saying so', async () => {
    const target = await server((_req, res) => json(res, 200, { length: 1, entries: [{ id: 1 }], nextId: 'again' }));
    const result = await mon(['api', '/v1/status-pages', '--paginate'], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nextId "again" twice');
    expect(target.received.length).toBeLessThanOrEqual(3);
  });

  for (const args of [
    ['api', '/v1/status-pages', '--paginate'],
    ['status-pages', 'list', '--all'],
    ['status-pages', 'list', '--all', '--json'],
  ]) {
    it(`${args.join(' ')}: empty pages with ever new nextIds stop at a bound (exit 1, named)`, async () => {
      const target = await server((_req, res, index) =>
        json(res, 200, { length: 0, entries: [], nextId: `n${index}` }),
      );
      const result = await mon(args, target);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('100 pages in a row without entries');
      expect(target.received.length).toBe(100);
    });
  }
});
