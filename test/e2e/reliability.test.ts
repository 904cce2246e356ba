import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  closedPort,
  collect,
  inTerminal,
  leakedSecrets,
  registerSecret,
  requireTerminal,
  runMon,
  startSandbox,
  type SandboxProcess,
} from './harness';

const API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('faults', () => {
  it('gives up on a server that never answers at --timeout, saying it timed out (exit 1)', async () => {
    const silent = await startSandbox(['--faults', 'hang:1']);
    try {
      const started = Date.now();
      const result = await runMon(['runtimes', 'list', '--timeout', '1'], { env: silent.env() });
      // At least the second it was given; well under the default 30 s it would take without
      // --timeout (no bound tighter than 10x the expected second and a half: the machine is shared).
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The request timed out after 1 s (GET /v1/runtimes)');
      expect(result.stderr).toContain('--timeout');
    } finally {
      await silent.stop();
    }
  });
});

// Each against a sandbox of its own, so they run at once: most of their time is spent waiting.
describe.concurrent('faults the client survives', () => {
  it('exits 130 with no stack trace when interrupted during a request', async ({ expect }) => {
    const silent = await startSandbox(['--faults', 'hang:1']);
    try {
      const child = spawn(process.execPath, [BIN, 'runtimes', 'list'], {
        env: silent.env(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const done = collect(child);
      // Interrupt once the request is in flight (the sandbox has it and will never answer).
      while ((await silent.requests()).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGINT');
      const result = await done;
      expect(result.code).toBe(130);
      expect(result.stderr).toBe('Cancelled.\n');
      expect(result.stdout).toBe('');
    } finally {
      await silent.stop();
    }
  });

  it('maps a lasting 429 to exit 7 after retries', async ({ expect }) => {
    const limited = await startSandbox(['--faults', '429:1']);
    try {
      const result = await runMon(['runtimes', 'list', '--timeout', '10'], { env: limited.env() });
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/Rate limited \(429 Too Many Requests: .*\) after 4 attempts/);
      expect((await limited.requests()).length).toBe(4);
    } finally {
      await limited.stop();
    }
  });

  it('retries a GET and a PUT after a connection reset, then succeeds (and the PUT lands once)', async ({ expect }) => {
    const flaky = await startSandbox(['--faults', 'resetx1@GET,resetx1@PUT']);
    try {
      const result = await runMon(['runtimes', 'list', '--debug'], { env: flaky.env() });
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(7);
      expect(result.stderr).toMatch(/< failed after \d+ ms: .*(socket|ECONNRESET|closed)/i);
      expect(result.stderr).toContain('(attempt 2)');
      expect((await flaky.requests()).map((request) => request.path)).toEqual(['/v1/runtimes', '/v1/runtimes']);

      const { body } = await flaky.call('POST', '/v1/status-pages/incidents', {
        name: 'Reset',
        severity: 'MINOR',
        services: [{ id: API, name: 'Public API', accountId: flaky.info.accountId }],
        incidentUpdates: [{ description: 'm' }],
      });
      const { id } = body as { id: string };
      await flaky.clearRequests();
      const changed = await runMon(['incidents', 'update', id, '--severity', 'critical'], { env: flaky.env() });
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stderr).toContain('severity MINOR → CRITICAL');
      expect((await flaky.requests()).filter((request) => request.method === 'PUT')).toHaveLength(2);
      const stored = (await flaky.call('GET', `/v1/status-pages/incidents/${id}`)).body as {
        severity: string;
        incidentUpdates: unknown[];
      };
      expect([stored.severity, stored.incidentUpdates.length]).toEqual(['CRITICAL', 1]);
    } finally {
      await flaky.stop();
    }
  });

  it('waits the Retry-After of a 429, then succeeds; a POST answered 429 is sent again and lands once', async ({
    expect,
  }) => {
    const limited = await startSandbox(['--faults', '429x1@GET,429x1@POST']);
    try {
      const env = limited.env();
      const started = Date.now();
      const list = await runMon(['runtimes', 'list', '--debug'], { env });
      expect(list.code).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // the sandbox says Retry-After: 1
      expect(list.stderr).toContain('< 429 Too Many Requests');
      expect(list.stderr).toContain('< retry-after: 1');
      expect(list.stderr).toContain('waiting 1000 ms before retrying');
      expect(list.stdout.trim().split('\n')).toHaveLength(7);

      // A 429 means the server did not act on it, so even a POST is safe to send again.
      const created = await runMon(
        [
          'incidents',
          'create',
          '--name',
          'Rate limited once',
          '--severity',
          'minor',
          '--service',
          API,
          '--message',
          'm',
        ],
        { env },
      );
      expect(created.code).toBe(0);
      const posts = (await limited.requests()).filter((request) => request.method === 'POST');
      expect(posts).toHaveLength(2);
      const stored = (await limited.call('GET', '/v1/status-pages/incidents')).body as { entries: { name: string }[] };
      expect(stored.entries.map((incident) => incident.name)).toEqual(['Rate limited once']);
    } finally {
      await limited.stop();
    }
  });

  it('never sends a POST again after the connection was reset, and says to check before retrying', async ({
    expect,
  }) => {
    const resetting = await startSandbox(['--faults', 'resetx1@POST']);
    try {
      const result = await runMon(
        ['incidents', 'create', '--name', 'Reset', '--severity', 'minor', '--service', API, '--message', 'm'],
        { env: resetting.env() },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The connection failed after POST /v1/status-pages/incidents was sent');
      expect(result.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying',
      );
      expect((await resetting.requests()).filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      await resetting.stop();
    }
  });
});

/**
 * A proxy in front of the sandbox that passes every request on, then replaces the answer to
 * the ones `tamper` picks (as a misbehaving gateway or a captive portal would): the sandbox
 * still did the work.
 */
async function tamperingProxy(
  target: string,
  tamper: (method: string, url: string) => { status: number; type?: string; body: string } | undefined,
) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const upstream = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const answer = await upstream.text();
      const replaced = tamper(req.method!, req.url!);
      if (replaced) {
        res.writeHead(replaced.status, replaced.type ? { 'content-type': replaced.type } : {});
        res.end(replaced.body);
      } else {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.concurrent('malformed responses', () => {
  const HTML_502 =
    '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
  const LOGIN_PAGE =
    '<!DOCTYPE html><html><body><form action="/login">Sign in to the corporate network</form></body></html>';

  it('end in a clear error naming the status (exit 1), never a stack trace, and say when a POST may have been done', async ({
    expect,
  }) => {
    const target = await startSandbox();
    const created = await target.call('POST', '/v1/status-pages/incidents', {
      name: 'Existing',
      severity: 'MINOR',
      services: [{ id: API, name: 'Public API', accountId: target.info.accountId }],
      incidentUpdates: [{ description: 'm' }],
    });
    const existing = (created.body as { id: string }).id;
    const proxy = await tamperingProxy(target.url, (method, url) => {
      if (url === '/v1/runtimes')
        return { status: 200, type: 'application/json', body: '{"name": "2025.04", "stage": ' };
      if (url === '/v1/runtimes/2025.04') return { status: 200, type: 'application/json', body: '' };
      if (url === '/v1/status-pages?limit=3') return { status: 200, type: 'text/html', body: LOGIN_PAGE };
      if (url === `/v1/status-pages/incidents/${existing}` && method === 'GET')
        return { status: 200, type: 'application/json', body: '{"id": 42, "incidents": []}' };
      if (url === '/v1/status-pages/incidents' && method === 'POST')
        return { status: 201, type: 'text/html', body: LOGIN_PAGE };
      if (url.endsWith('/incident-updates') && method === 'POST')
        return { status: 502, type: 'text/html', body: HTML_502 };
      return undefined;
    });
    try {
      const env = target.env({ MON_BASE_URL: proxy.url });
      const [invalid, empty, html, schema, post, update] = await Promise.all([
        runMon(['runtimes', 'list'], { env }),
        runMon(['runtimes', 'get', '2025.04'], { env }),
        runMon(['status-pages', 'list', '--limit', '3'], { env }),
        runMon(['incidents', 'get', existing], { env }),
        runMon(
          [
            'incidents',
            'create',
            '--name',
            'Through a proxy',
            '--severity',
            'minor',
            '--service',
            API,
            '--message',
            'm',
          ],
          { env },
        ),
        runMon(['incidents', 'updates', 'create', existing, '--message', 'Through a proxy'], { env }),
      ]);
      for (const result of [invalid, empty, html, schema, post, update]) {
        expect(result.code, result.stderr).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(/^error: /);
        expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(invalid.stderr).toContain(
        'The server answered 200 OK to GET /v1/runtimes with a body that is not JSON (application/json): {"name": "2025.04", "stage": ',
      );
      expect(empty.stderr).toContain('The server answered 200 OK to GET /v1/runtimes/2025.04 with an empty body.');
      expect(html.stderr).toContain(
        'The server answered 200 OK to GET /v1/status-pages with a body that is not JSON (text/html, looks like an HTML page)',
      );
      expect(html.stderr).toContain('A proxy or the wrong base URL can cause this');
      expect(schema.stderr).toContain(
        `The server answered 200 OK to GET /v1/status-pages/incidents/${existing} with a body that is not what the API describes (id: Invalid input: expected string, received number;`,
      );

      // The POSTs went through behind the proxy: the messages say to look before retrying.
      expect(post.stderr).toContain(
        'The server answered 201 Created to POST /v1/status-pages/incidents with a body that is not JSON',
      );
      expect(post.stderr).toContain(
        'Check with `mon incidents list` whether the incident was opened before retrying, so it is not opened twice.',
      );
      expect(update.stderr).toContain(
        `The server failed (502 Bad Gateway) on POST /v1/status-pages/incidents/${existing}/incident-updates.`,
      );
      expect(update.stderr).toContain(
        `Check with \`mon incidents get ${existing}\` whether the update was posted before retrying`,
      );
      const posts = (await target.requests()).filter((request) => request.method === 'POST');
      expect(posts).toHaveLength(3); // the setup's, and one each: never resent
      const incidents = (await target.call('GET', '/v1/status-pages/incidents')).body as {
        entries: { name: string; incidentUpdates: unknown[] }[];
      };
      expect(incidents.entries.map((incident) => [incident.name, incident.incidentUpdates.length])).toEqual([
        ['Through a proxy', 1],
        ['Existing', 2],
      ]);
    } finally {
      await proxy.close();
      await target.stop();
    }
  });
});

describe('Ctrl-C at a prompt', () => {
  it('leaves the config file as it was (auth login) and exits 130 with no stack trace', async (context) => {
    requireTerminal(context);
    const env = cleanEnv();
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    // First with no config file at all, then with one that holds a profile.
    for (const before of [
      undefined,
      '{\n\t"profiles": {\n\t\t"default": {\n\t\t\t"baseUrl": "https://api.example.com"\n\t\t}\n\t}\n}',
    ]) {
      if (before !== undefined) {
        mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
        writeFileSync(file, before, { mode: 0o600 });
      }
      const login = inTerminal(['auth', 'login'], env);
      await login.waitFor('API base URL');
      if (before !== undefined) login.type('\x15'); // Ctrl-U: clear the default offered
      login.type(`${sandbox.url}\r`);
      await login.waitFor('Account ID');
      login.type(`${sandbox.info.accountId}\r`);
      await login.waitFor('API key');
      login.type('sk_half_typed');
      login.type('\x03');
      const result = await login.done;
      expect(result.code).toBe(130);
      expect(result.stdout).toMatch(/Cancelled\.\r?\n$/);
      expect(result.stdout).not.toMatch(/\n\s+at /);
      if (before === undefined) expect(existsSync(file)).toBe(false);
      else expect(readFileSync(file, 'utf8')).toBe(before);
      // No temporary or lock file left behind either.
      const left = existsSync(env.MON_CONFIG_DIR!) ? readdirSync(env.MON_CONFIG_DIR!) : [];
      expect(left).toEqual(before === undefined ? [] : ['config.json']);
    }
  });

  it('sends nothing when an incident is abandoned half-way through its prompts', async (context) => {
    requireTerminal(context);
    await sandbox.clearRequests();
    const create = inTerminal(['incidents', 'create', '--name', 'Abandoned'], sandbox.env());
    await create.waitFor('Severity');
    create.type('\x03');
    const result = await create.done;
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('Cancelled.');
    expect((await sandbox.requests()).map((request) => request.method)).toEqual(['GET']); // the status pages, for the services
  });
});

describe('nothing lost', () => {
  it('lands both of two `mon config set` run at once', async () => {
    const env = cleanEnv();
    const results = await Promise.all([
      runMon(['config', 'set', 'base-url', 'https://a.example.com'], { env }),
      runMon(['config', 'set', 'timeout', '42'], { env }),
      runMon(['--profile', 'other', 'config', 'set', 'account', 'acct-2'], { env }),
    ]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    const stored = JSON.parse(readFileSync(join(env.MON_CONFIG_DIR!, 'config.json'), 'utf8'));
    expect(stored.profiles).toEqual({
      default: { 'base-url': 'https://a.example.com', timeout: 42 },
      other: { account: 'acct-2' },
    });
  });
});

describe('secrets', () => {
  it('refuses to send the key over plain http to a non-loopback host unless --insecure', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['runtimes', 'list'], { env: sandbox.env({ MON_BASE_URL: 'http://api.example.com' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Refusing to send the API key over plain http:// to api.example.com');
    expect(result.stderr).toContain('--insecure');
    expect(await sandbox.requests()).toEqual([]);
    // With --insecure it goes ahead (and finds nothing listening there).
    const closed = await closedPort();
    const insecure = await runMon(['--insecure', '--timeout', '1', 'runtimes', 'list'], {
      env: sandbox.env({ MON_BASE_URL: `http://0.0.0.0:${closed.port}` }),
    });
    await closed.release();
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain(`Could not reach http://0.0.0.0:${closed.port}`);
  });

  it('never prints the key: not in errors, --debug logs or auth status', async () => {
    const env = sandbox.env();
    const outputs = await Promise.all([
      runMon(['runtimes', 'list', '--debug'], { env }),
      runMon(['auth', 'status'], { env }),
      runMon(['auth', 'status', '--json'], { env }),
      runMon(['runtimes', 'get', 'nope', '--debug'], { env }),
      runMon(['api', '/v1/runtimes', '-i', '--debug'], { env }),
    ]);
    for (const output of outputs) expect(leakedSecrets(output.stdout + output.stderr)).toEqual([]);
    expect(outputs[0]!.stderr).toContain('Bearer [redacted]');
  });

  it('never shows a secret environment variable: not with --debug, not with --dry-run', async () => {
    const secret = 's3cr3t-env-value-0042';
    registerSecret(secret); // runMon now fails any command that prints it
    const env = sandbox.env();
    const args = [
      'checks',
      'create-dns',
      '--name',
      'secret env',
      '--query',
      'example.com',
      '--secret-env',
      `API_TOKEN=${secret}`,
      '--env',
      'REGION=eu-visible',
    ];
    const [debug, dryRun, dryRunJson] = await Promise.all([
      runMon([...args, '--debug'], { env }),
      runMon([...args, '--dry-run', '--debug'], { env }),
      runMon(['--json', ...args, '--dry-run'], { env }),
    ]);
    expect(debug.code).toBe(0);
    // The request body is logged, with the secret's value (only) replaced.
    expect(debug.stderr).toContain('> {"name":"secret env"');
    expect(debug.stderr).toContain('{"key":"API_TOKEN","value":"[redacted]","secret":true}');
    expect(debug.stderr).toContain('{"key":"REGION","value":"eu-visible"}');
    expect(dryRun.stdout).toContain('"value": "••••"');
    expect(JSON.parse(dryRunJson.stdout).body.environmentVariables).toEqual([
      { key: 'REGION', value: 'eu-visible' },
      { key: 'API_TOKEN', value: '••••', secret: true },
    ]);
    // The server did get the value (its data file holds it): only what is shown is masked,
    // the sandbox's request log included.
    const sent = (await sandbox.requests()).filter(
      (request) => request.method === 'POST' && request.path === '/v1/checks/dns',
    );
    expect(JSON.stringify(sent.at(-1)!.body)).not.toContain(secret);
    expect(readFileSync(sandbox.info.dataFile, 'utf8')).toContain(secret);
  });

  it('never shows the key or a ping token in a --dry-run, in any form, and sends nothing', async () => {
    await sandbox.clearRequests();
    const env = sandbox.env();
    const { pingToken } = (sandbox.info.heartbeats as { pingToken: string }[])[0]!;
    const outputs = await Promise.all([
      runMon(
        [
          'incidents',
          'create',
          '--name',
          'Dry',
          '--severity',
          'minor',
          // By name: the status pages are read (a full ID would be sent without a lookup).
          '--service',
          'Public API',
          '--message',
          'm',
          '--dry-run',
          '--debug',
        ],
        { env },
      ),
      runMon(
        [
          '--json',
          'incidents',
          'create',
          '--name',
          'Dry',
          '--severity',
          'minor',
          '--service',
          API,
          '--message',
          'm',
          '--dry-run',
        ],
        { env },
      ),
      runMon(['api', '-X', 'POST', '/v1/status-pages/incidents', '-f', 'name=Dry', '--dry-run'], { env }),
      runMon(['heartbeats', 'ping', pingToken, '--dry-run', '--debug'], { env }),
      runMon(['--json', 'heartbeats', 'ping', `${sandbox.info.pingUrl}/${pingToken}`, '--dry-run'], { env }),
      runMon(['heartbeats', 'exec', pingToken, '--dry-run', '--', 'true'], { env }),
    ]);
    for (const output of outputs) expect(output.code, output.stderr).toBe(0);
    for (const output of outputs.slice(0, 3)) expect(output.stdout).toContain('/v1/status-pages/incidents');
    for (const output of outputs.slice(3))
      expect(output.stdout).toContain(`${sandbox.info.pingUrl}/…${pingToken.slice(-4)}`);
    expect(outputs[0]!.stderr).toContain('Bearer [redacted]'); // the GET of the status pages, logged
    // Only the reads of the status pages (to name the services) reached the sandbox: no
    // POST, no ping, no command's ping.
    const received = await sandbox.requests();
    expect(received.map((request) => `${request.method} ${request.path.replace(/\?.*/, '')}`)).toEqual(
      received.map(() => 'GET /v1/status-pages'),
    );
  });
});

describe('hostile text from the server', () => {
  // A title change (OSC), a screen clear (CSI), a C1 CSI, a cursor move up, and a right-to-left override.
  const NAME = 'Evil \u001b]0;pwned\u0007 \u001b[2J\u009b31m\u202eesrever';
  const MESSAGE = 'First line\u001b[1A\u001b[2K fake \u0085 line';
  /** Anything that could act on a terminal, beyond the line breaks and tabs of our own layout. */
  const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const OUR_COLOURS = /\u001b\[[0-9;]*m/g;
  let id: string;
  let updateId: string;
  beforeAll(async () => {
    const { body } = await sandbox.call('POST', '/v1/status-pages/incidents', {
      name: NAME,
      severity: 'MAJOR',
      services: [{ id: API, name: 'Public API', accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: MESSAGE }],
    });
    ({ id } = body as { id: string });
    updateId = (body as { incidentUpdates: { id: string }[] }).incidentUpdates[0]!.id;
  });

  it('comes out escaped when piped, and as the same JSON value with --json', async () => {
    const env = sandbox.env();
    const [list, get, update, resolved, listJson, getJson] = await Promise.all([
      runMon(['incidents', 'list'], { env }),
      runMon(['incidents', 'get', id], { env }),
      runMon(['incidents', 'updates', 'get', id, updateId], { env }),
      runMon(['incidents', 'resolve', id, '--dry-run'], { env }),
      runMon(['incidents', 'list', '--json'], { env }),
      runMon(['incidents', 'get', id, '--json'], { env }),
    ]);
    for (const output of [list, get, update, resolved, listJson, getJson]) {
      expect(output.code).toBe(0);
      expect(output.stdout + output.stderr).not.toMatch(CONTROL);
    }
    expect(list.stdout).toContain('Evil \\x1b]0;pwned\\x07 \\x1b[2J\\x9b31m\\u202eesrever');
    expect(get.stdout).toContain('First line\\x1b[1A\\x1b[2K fake \\x85 line');
    expect(update.stdout).toContain('description\tFirst line\\x1b[1A');
    expect(JSON.parse(listJson.stdout).entries.find((incident: { id: string }) => incident.id === id).name).toBe(NAME);
    expect(JSON.parse(getJson.stdout).incidentUpdates[0].description).toBe(MESSAGE);
    expect(getJson.stdout).toContain('"name": "Evil \\u001b]0;pwned\\u0007 \\u001b[2J\\u009b31m\\u202eesrever"');
  });

  it('comes out escaped on a terminal, in the table and the details, with colours on or off', async (context) => {
    requireTerminal(context);
    const runs = await Promise.all(
      [{}, { NO_COLOR: '1' }].flatMap((colour) =>
        [
          ['incidents', 'list'],
          ['incidents', 'get', id],
          ['incidents', 'list', '--json'],
        ].map((args) => inTerminal(args, sandbox.env(colour), { columns: 200, rows: 40 }).done),
      ),
    );
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.stdout.replace(OUR_COLOURS, '')).not.toMatch(CONTROL);
    }
    const [list, get] = runs;
    expect(list!.stdout).toMatch(/\u001b\[\d+m/); // colours were on: only ours got through
    expect(list!.stdout).toContain('Evil \\x1b]0;pwned\\x07');
    expect(get!.stdout).toContain('Evil \\x1b]0;pwned\\x07 \\x1b[2J\\x9b31m\\u202eesrever');
    expect(get!.stdout).toContain('First line\\x1b[1A\\x1b[2K fake \\x85 line');
  });
});
