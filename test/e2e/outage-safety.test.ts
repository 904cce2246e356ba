/**
 * Outage safety, end to end: the real bin/mon.js against a real `mon sandbox`. Nothing goes
 * out that the user did not mean.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { runMon, startSandbox, type SandboxProcess } from './harness';

interface IncidentState {
  id: string;
  incidentUpdates: { id: string; description: string }[];
}

let sandbox: SandboxProcess;
let incidentId: string;
let updateId: string;

/** Every incident with its updates, as the sandbox holds them. */
async function holdings(): Promise<IncidentState[]> {
  const { body } = await sandbox.call('GET', '/v1/status-pages/incidents?limit=100');
  return (body as { entries: IncidentState[] }).entries;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    [
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'major',
      '--service',
      SEED_SERVICES.checkout,
      '--message',
      'Investigating',
    ],
    { env: sandbox.env() },
  );
  expect(created.code, created.stderr).toBe(0);
  incidentId = created.stdout.trim();
  const incident = (await sandbox.call('GET', `/v1/status-pages/incidents/${incidentId}`)).body as IncidentState;
  updateId = incident.incidentUpdates[0]!.id;
});
afterAll(() => sandbox?.stop());

describe('a flag that swallowed the next one', () => {
  const create = () => ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', SEED_SERVICES.api];
  it.each([
    [
      'update --message --dry-run',
      () => ['incidents', 'update', incidentId, '--status', 'identified', '--message', '--dry-run'],
    ],
    ['update --message --notify', () => ['incidents', 'update', incidentId, '--message', '--notify']],
    ['update --name --severity', () => ['incidents', 'update', incidentId, '--name', '--severity', 'critical']],
    ['resolve --message --notify', () => ['incidents', 'resolve', incidentId, '--message', '--notify']],
    [
      'create --name --dry-run',
      () => [
        'incidents',
        'create',
        '--name',
        '--dry-run',
        '--severity',
        'minor',
        '--service',
        SEED_SERVICES.api,
        '--message',
        'm',
      ],
    ],
    ['create --message --json', () => [...create(), '--message', '--json']],
    [
      'updates create --message --dry-run',
      () => ['incidents', 'updates', 'create', incidentId, '--message', '--dry-run'],
    ],
    [
      'updates edit --message --notify',
      () => ['incidents', 'updates', 'edit', incidentId, updateId, '--message', '--notify'],
    ],
    [
      'checks create-dns --name --dry-run',
      () => ['checks', 'create-dns', '--name', '--dry-run', '--query', 'example.com'],
    ],
    ['checks create-dns --query --json', () => ['checks', 'create-dns', '--name', 'x', '--query', '--json']],
  ])('%s: exit 2 naming both flags; the sandbox holds what it held', async (_shape, argv) => {
    const before = await holdings();
    await sandbox.clearRequests();
    const result = await runMon(argv(), { env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--(message|name|query) needs a value, but the next word is --(dry-run|notify|severity|json), which is a flag/,
    );
    expect(await sandbox.requests()).toEqual([]);
    expect(await holdings()).toEqual(before);
  });
});

describe('credentials checked, not assumed', () => {
  it('auth status with a wrong MON_API_KEY exits 4 and names MON_API_KEY', async () => {
    const result = await runMon(['auth', 'status'], { env: sandbox.env({ MON_API_KEY: 'sk_stale_000000000000' }) });
    expect(result.code).toBe(4);
    expect(result.stdout).toContain('api-key\tsk_…0000\tMON_API_KEY\n');
    expect(result.stderr).toContain(
      'Authentication failed: the key from MON_API_KEY was rejected (401 Unauthorized: Bad Token).',
    );
    // No key is stored in this config dir: the hint does not send the user to one.
    expect(result.stderr).toContain('unset it and run `mon auth login` to store one');
    const json = await runMon(['auth', 'status', '--json'], {
      env: sandbox.env({ MON_API_KEY: 'sk_stale_000000000000' }),
    });
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)['key-check']).toMatchObject({ result: 'rejected', status: 401 });
  });

  it('auth status exits 0 when the key works, and 1 (saying so) when the server cannot be reached', async () => {
    const works = await runMon(['auth', 'status'], { env: sandbox.env() });
    expect(works.code, works.stderr).toBe(0);
    expect(works.stderr).toContain('✓ The key works'); // the data (settings) on stdout, the verdict on stderr
    const { createServer } = await import('node:net');
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = await runMon(['auth', 'status', '--timeout', '5'], {
      env: sandbox.env({ MON_BASE_URL: `http://127.0.0.1:${closed}` }),
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Could not check the key:');
    expect(down.stderr).toContain(`127.0.0.1:${closed}`);
  });

  it('a key stored in a profile that is rejected is named as such', async () => {
    const env = sandbox.env({ MON_API_KEY: undefined });
    const login = await runMon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      input: `${sandbox.info.apiKey}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.profiles.default['api-key'] = 'sk_revoked_00000000000';
    writeFileSync(file, JSON.stringify(config));
    const result = await runMon(['runtimes', 'list'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the key stored in profile "default" was rejected');
    expect(result.stderr).toContain('Run `mon auth login` to store a working key');
  });

  it('auth login warns when MON_API_KEY (or MON_BASE_URL, MON_ACCOUNT_ID) will override what it saves', async () => {
    const env = sandbox.env({ MON_API_KEY: 'sk_other_key_0000000000', MON_ACCOUNT_ID: undefined });
    const result = await runMon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      input: `${sandbox.info.apiKey}\n`,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'warning: MON_API_KEY is set in this environment, and commands will use it instead of the api-key saved here. Unset it (`unset MON_API_KEY`) to use this login.',
    );
    expect(result.stderr).not.toContain('MON_BASE_URL is set'); // the same URL: nothing overridden
  });
});

describe('one name per setting', () => {
  it("reads a config file written with the earlier key names and rewrites it with today's at the next write, every value kept", async () => {
    const env = sandbox.env({
      MON_API_KEY: undefined,
      MON_BASE_URL: undefined,
      MON_ACCOUNT_ID: undefined,
      MON_PING_URL: undefined,
    });
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    const earlier = {
      profiles: {
        default: {
          baseUrl: sandbox.url,
          accountId: sandbox.info.accountId,
          apiKey: sandbox.info.apiKey,
          pingUrl: sandbox.info.pingUrl,
          timeout: 25,
          note: 'mine',
        },
        staging: { baseUrl: 'https://staging.example.com' },
      },
      extra: { kept: true },
    };
    writeFileSync(file, JSON.stringify(earlier), { mode: 0o600 });
    const read = await runMon(['runtimes', 'list'], { env });
    expect(read.code, read.stderr).toBe(0);
    const listed = JSON.parse((await runMon(['config', 'list', '--json'], { env })).stdout);
    expect(listed).toMatchObject({
      'base-url': sandbox.url,
      account: sandbox.info.accountId,
      'ping-url': sandbox.info.pingUrl,
      timeout: 25,
    });
    expect((await runMon(['config', 'get', 'base-url'], { env })).stdout).toBe(`${sandbox.url}\n`);

    const set = await runMon(['config', 'set', 'timeout', '40'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: {
        default: {
          'base-url': sandbox.url,
          account: sandbox.info.accountId,
          'api-key': sandbox.info.apiKey,
          'ping-url': sandbox.info.pingUrl,
          timeout: 40,
          note: 'mine',
        },
        staging: { 'base-url': 'https://staging.example.com' },
      },
      extra: { kept: true },
    });
  });

  it('auth status and config list use the flag names', async () => {
    const status = JSON.parse((await runMon(['auth', 'status', '--json'], { env: sandbox.env() })).stdout);
    expect(Object.keys(status)).toEqual([
      'profile',
      'base-url',
      'account',
      'api-key',
      'ping-url',
      'timeout',
      'accessible',
      'config-file',
      'key-check',
    ]);
    expect(status.timeout).toEqual({ value: 30, source: 'default' });
    expect(status.accessible).toEqual({ value: false, source: 'default' });
  });
});
