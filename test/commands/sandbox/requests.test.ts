/** `mon sandbox requests`: what the sandbox received, credentials masked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { jsonServer, memorySandbox, mon, serverEnv, TEST_KEY, testEnv, tsvRows } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('sandbox requests', () => {
  it('sandbox requests: the end of each path, IDs shortened first', async () => {
    sandbox.requests.length = 0;
    const incident = 'ec791282-e6e9-4bb1-9de4-d887c2814beb';
    const update = '7f01eb31-e22d-4ba2-b88b-91708387fe0f';
    await mon(`incidents updates get ${incident} ${update}`, { sandbox });
    const table = await mon('sandbox requests --no-color', { sandbox, tty: true, columns: 80 });
    const row = table.stdout.split('\n')[1]!;
    expect(row.length).toBeLessThanOrEqual(80);
    expect(row).toMatch(/ GET +\/v1\/stat…\/incidents\/ec79…\/incident-updates\/7f01… +404$/);
  });

  it('sandbox requests with nothing recorded says why on stderr, piped too (exit 0, nothing on stdout)', async () => {
    sandbox.requests.length = 0;
    const piped = await mon('sandbox requests', { sandbox });
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: 'No requests recorded yet.\n' });
    const embedded = await mon('--sandbox sandbox requests');
    expect(embedded.code).toBe(0);
    expect(embedded.stdout).toBe('');
    expect(embedded.stderr).toContain('The embedded sandbox (--sandbox) starts afresh for each command');
  });
});

describe('sandbox requests, what it shows', () => {
  it('shows a create with the API key redacted and a ping token masked; --json is [{method, path, status, time, body}]', async () => {
    sandbox.requests.length = 0;
    const worker = (sandbox.banner().json.heartbeats as { name: string; pingToken: string }[]).find(
      (monitor) => monitor.name === 'Queue worker',
    )!;
    const created = await mon(
      `incidents create --name "Logged create" --severity minor --service 0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01 --message "the key was ${TEST_KEY}"`,
      { sandbox },
    );
    expect(created.code).toBe(0);
    expect((await mon(`heartbeats ping ${worker.pingToken}`, { sandbox })).code).toBe(0);

    // mon() fails any run that prints the key; the ping token is looked for below.
    const json = await mon('sandbox requests --json', { sandbox });
    expect(json.code).toBe(0);
    const shown = JSON.parse(json.stdout) as Record<string, unknown>[];
    const create = shown.find((entry) => entry.method === 'POST' && entry.path === '/v1/status-pages/incidents')!;
    expect(Object.keys(create)).toEqual(['method', 'path', 'status', 'time', 'body']);
    expect(create).toMatchObject({
      status: 201,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      body: { name: 'Logged create', incidentUpdates: [{ description: 'the key was [redacted]' }] },
    });
    const ping = shown.at(-1)!;
    expect(ping).toEqual({
      method: 'POST',
      path: `/ping/…${worker.pingToken.slice(-4)}`,
      status: 200,
      time: expect.any(String),
      body: null,
    });

    const piped = await mon('sandbox requests --limit 2', { sandbox });
    const rows = tsvRows(piped.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      create.time,
      'POST',
      '/v1/status-pages/incidents',
      '201',
      expect.stringContaining('"description":"the key was [redacted]"'),
    ]);
    expect(rows[1]!.slice(1, 4)).toEqual(['POST', `/ping/…${worker.pingToken.slice(-4)}`, '200']);
    for (const output of [json, piped]) expect(output.stdout + output.stderr).not.toContain(worker.pingToken);
  });

  it('on an 80-column terminal, each body under its request on rows of its own, escaped; --full shows a long one whole', async () => {
    sandbox.requests.length = 0;
    const message = `Card payments fail for a third of customers \u001b[2J paying with European cards. ${'x'.repeat(300)}`;
    const created = await mon(
      [
        'incidents',
        'create',
        '--name',
        'Checkout errors',
        '--severity',
        'major',
        '--service',
        'Checkout',
        '--message',
        message,
      ],
      { sandbox },
    );
    expect(created.code).toBe(0);
    const screen = await mon('sandbox requests --no-color', { sandbox, tty: true, columns: 80 });
    expect(screen.code).toBe(0);
    const lines = screen.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^TIME \(UTC\) +METHOD +PATH +STATUS$/);
    const post = lines.findIndex((line) => / POST +\/v1\/status-pages\/incidents +201$/.test(line));
    // Its body, four whole rows of the terminal, then how much is left.
    const body = lines.slice(post + 1, post + 5);
    expect(body.map((line) => line.length)).toEqual([80, 80, 80, 80]);
    expect(body[0]).toMatch(/^ {2}\{"name":"Checkout errors","severity":"MAJOR","services":\[\{"id":"/);
    expect(lines[post + 5]).toMatch(/^ {2}… \d+ more characters \(--full shows every body whole\)$/);
    const whole = await mon('sandbox requests --full --no-color', { sandbox, tty: true, columns: 80 });
    const rows = whole.stdout.trimEnd().split('\n');
    const start = rows.findIndex((line) => / POST +\/v1\/status-pages\/incidents +201$/.test(line));
    const text = rows
      .slice(start + 1)
      .filter((line) => line.startsWith('  '))
      .map((line) => line.slice(2))
      .join('');
    // The body as sent, its escape character escaped: nothing reaches the terminal raw.
    expect(text).toContain(
      '"description":"Card payments fail for a third of customers \\u001b[2J paying with European cards.',
    );
    expect(text).toContain(`${'x'.repeat(300)}"`);
    expect(whole.stdout).not.toContain('\u001b');
    for (const line of rows) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('against a server that is not a mon sandbox: "this is not a mon sandbox", exit 6', async () => {
    const server = await jsonServer(() => ({ statusCode: 404, error: 'Not Found', message: 'Not Found' }), 404);
    const env = serverEnv(server);
    for (const line of ['sandbox requests', 'sandbox clock advance 2h']) {
      const result = await mon(line, { env });
      expect(result.code, line).toBe(6);
      expect(result.stderr, line).toContain(`${server.url} is not a mon sandbox`);
      expect(result.stderr, line).toContain('Point MON_BASE_URL');
    }
  });

  it('needs the API key like the API (exit 4 with another key)', async () => {
    const result = await mon('sandbox requests', {
      env: testEnv({ sandbox, env: { MON_API_KEY: 'sk_wrong_0123456789ab' } }),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Authentication failed: the key from MON_API_KEY was rejected (401');
  });
});
