import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { testIO } from '../../src/io';
import { main } from '../../src/main';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('tables on a terminal', () => {
  it('shows runtimes with a header, stages and end of life in days', async () => {
    const result = await mon('runtimes list --no-color', { sandbox, tty: true, columns: 140 });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STAGE\s+NODE\.JS\s+END OF LIFE\s+MULTI-STEP\s+DESCRIPTION$/);
    expect(lines[2]).toMatch(/^2025\.04\s+CURRENT\s+v22\.14\.0\s+2027-04-30 \((in|ago)[^)]*\)\s+yes\s+Main updates/);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('shows one runtime as details then its packages', async () => {
    const result = await mon('runtimes get 2025.04 --no-color', { sandbox, tty: true });
    expect(result.stdout).toMatch(/^Runtime:\s+2025\.04$/m);
    expect(result.stdout).toMatch(/^Node\.js:\s+v22\.14\.0$/m);
    expect(result.stdout).toMatch(/^Packages \(\d+\):$/m);
    expect(result.stdout).toMatch(/^playwright\s+1\.51\.1$/m);
  });

  it('shows status pages one service per row and tells how to get the next page', async () => {
    const result = await mon('status-pages list --limit 1 --no-color', {
      sandbox,
      tty: true,
      columns: 120,
    });
    expect(result.stdout.split('\n')[0]).toMatch(/^STATUS PAGE\s+URL\s+CARD\s+SERVICE\s+SERVICE ID$/);
    // On a terminal the ID shows its first 8 characters, as in every table.
    expect(result.stdout).toMatch(/Acme Cloud\s+acme-cloud\s+Core platform\s+Public API\s+0b7e6a3c$/m);
    expect(result.stderr).toContain(
      'More on the next page: mon status-pages list --limit 1 --next-id 6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
    );
  });
});

describe('tables at 80 columns keep whole what is typed next', () => {
  it('status-pages list: every service name whole, IDs of 8 characters; piped and --json, whole IDs', async () => {
    const table = await mon('status-pages list --no-color', { sandbox, tty: true, columns: 80 });
    const rows = table.stdout.trimEnd().split('\n');
    expect(rows.every((row) => row.length <= 80)).toBe(true);
    const services: [string, string][] = [
      ['Public API', '0b7e6a3c'],
      ['Web app', '1c8f7b4d'],
      ['Webhooks', '2d9a8c5e'],
      ['Primary database', '3eab9d6f'],
      ['Job queue', '4fbcae70'],
      ['Checkout', '50cdbf81'],
      ['Payouts', '61dec092'],
    ];
    for (const [name, short] of services)
      expect(
        rows.some((row) => new RegExp(`  ${name}  +${short}$`).test(row)),
        name,
      ).toBe(true);
    const piped = await mon('status-pages list', { sandbox });
    expect(piped.stdout).toContain('\tPrimary database\t3eab9d6f-5d1f-4c2a-9e8b-1a2b3c4d5e04\n');
    const json = await mon('status-pages list --json', { sandbox, tty: true, columns: 80 });
    expect(json.stdout).toContain('"id": "3eab9d6f-5d1f-4c2a-9e8b-1a2b3c4d5e04"');
  });

  it('sandbox requests: the end of each path, IDs shortened first', async () => {
    sandbox.requests.length = 0;
    const incident = 'ec791282-e6e9-4bb1-9de4-d887c2814beb';
    const update = '7f01eb31-e22d-4ba2-b88b-91708387fe0f';
    await mon(`incidents updates get ${incident} ${update}`, { sandbox });
    const table = await mon('sandbox requests --no-color', { sandbox, tty: true, columns: 80 });
    const row = table.stdout.split('\n')[1]!;
    expect(row.length).toBeLessThanOrEqual(80);
    expect(row).toMatch(/ GET +\/v1\/status-p…\/ec79…\/incident-updates\/7f01… +404 /);
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

describe('profiles and the embedded sandbox on first use', () => {
  it('--profile naming no profile is exit 2 for every command but those that create it', async () => {
    const env = testEnv({ sandbox });
    for (const line of [
      'config list',
      'config get base-url',
      'config unset timeout',
      'auth status',
      'auth logout',
      'runtimes list',
    ]) {
      const result = await mon(`--profile nope ${line}`, { env });
      expect(result.code, line).toBe(2);
      expect(result.stdout, line).toBe('');
      expect(result.stderr, line).toContain('There is no profile "nope" (from --profile).');
    }
    const set = await mon('--profile nope config set timeout 60', { env });
    expect(set.code, set.stderr).toBe(0);
    expect((await mon('--profile nope config get timeout', { env })).stdout).toBe('60\n');
  });

  it('`mon --sandbox sandbox info` on a fresh machine starts the embedded sandbox and describes it', async () => {
    const result = await mon('--sandbox sandbox info');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Using the embedded sandbox (sample data; stored in');
    expect(result.stdout).toContain('baseUrl\thttp://127.0.0.1:4010\n');
    expect(result.stdout).toMatch(/^heartbeat\tNightly backup\t/m);
  });
});

describe('auth login on a terminal', () => {
  it('prompts for the base URL, account and a hidden key, checks it, then saves', async () => {
    const env = testEnv();
    sandbox.requests.length = 0;
    const result = await mon('auth login', {
      env,
      tty: true,
      columns: 200,
      answers: [
        { message: 'API base URL', answer: sandbox.url },
        { message: 'Account ID', answer: TEST_ACCOUNT },
        { message: 'API key', answer: TEST_KEY },
      ],
    });
    expect(result.stderr).toContain(`Logged in to ${sandbox.url} (account ${TEST_ACCOUNT}) with key sk_…cdef`);
    expect(result.code).toBe(0);
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['input', 'input', 'password']);
    // The base URL's question shows what one looks like.
    expect(result.prompter.asked[0]!.message).toBe(
      'API base URL (e.g. https://api.example.com, or http://127.0.0.1:4010 for `mon sandbox`)',
    );
    const stored = JSON.parse(readFileSync(join(env.MON_CONFIG_DIR!, 'config.json'), 'utf8'));
    // A sandbox says where its pings go: stored with the rest.
    expect(stored.profiles.default).toEqual({
      'base-url': sandbox.url,
      account: TEST_ACCOUNT,
      'api-key': TEST_KEY,
      'ping-url': sandbox.pingUrl,
    });
    expect(result.stdout + result.stderr).not.toContain(TEST_KEY);
    // The typed key was checked with one cheap read, with the typed account.
    expect(
      sandbox.requests.map((request) => [request.method, request.path, request.headers['x-service-account']]),
    ).toEqual([['GET', '/v1/status-pages?limit=1', TEST_ACCOUNT]]);

    // A second login offers what is stored as defaults and asks only for what is missing.
    const again = await mon('--profile default auth login', {
      env,
      tty: true,
      answers: [
        { message: 'API base URL', answer: undefined },
        { message: 'Account ID', answer: undefined },
        { message: 'API key', answer: TEST_KEY },
      ],
    });
    expect(again.code).toBe(0);
    expect(sandbox.requests).toHaveLength(2);
    expect(again.prompter.asked[0]!.default).toBe(sandbox.url);
    expect(again.prompter.asked[1]!.default).toBe(TEST_ACCOUNT);
  });

  it('exits 130 with no stack trace when the user presses Ctrl-C at a prompt', async () => {
    // What @inquirer/prompts rejects with on Ctrl-C.
    const cancel = Object.assign(new Error('User force closed the prompt with SIGINT'), { name: 'ExitPromptError' });
    const rejectAll = () => Promise.reject(cancel);
    const io = testIO({ tty: true });
    const ctx = createContext({
      io,
      env: testEnv(),
      prompter: {
        input: rejectAll,
        message: rejectAll,
        password: rejectAll,
        select: rejectAll,
        checkbox: rejectAll,
        confirm: rejectAll,
      },
    });
    expect(await main(['auth', 'login'], ctx)).toBe(130);
    expect(io.stderr).toBe('Cancelled.\n');
    expect(io.stdout).toBe('');
  });

  it('without a terminal, asks for nothing and says how to pass the key', async () => {
    const result = await mon(`auth login --base-url ${sandbox.url}`, { env: testEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No API key given: there is no terminal to ask on.');
    expect(result.stderr).toContain('--with-key');
    expect(result.prompter.asked).toEqual([]);
  });

  it('is refused for the embedded sandbox', async () => {
    const result = await mon('--sandbox auth login', { env: testEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The embedded sandbox needs no login');
  });
});

describe('profiles', () => {
  it('refuses a profile named explicitly that does not exist', async () => {
    const result = await mon('--profile prod runtimes list', { env: testEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('There is no profile "prod" (from --profile)');
    expect(result.stderr).toContain('mon --profile prod auth login');
  });

  it('shows where every value came from in auth status', async () => {
    const env = testEnv({ sandbox, env: { MON_TIMEOUT: '9', MON_PING_URL: undefined } });
    const result = await mon('auth status --no-color', { env, tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^SETTING +VALUE +SOURCE$/m);
    expect(result.stdout).toMatch(/^api-key +sk_…cdef +MON_API_KEY$/m);
    expect(result.stdout).toMatch(/^base-url +http:\/\/127\.0\.0\.1:\d+ +MON_BASE_URL$/m);
    expect(result.stdout).toMatch(/^timeout +9 +MON_TIMEOUT$/m);
    expect(result.stdout).toMatch(/^ping-url +— +not set$/m);
    expect(result.stderr).toContain('✓ The key works:');
  });
});

describe('keys as auth status shows them', () => {
  it.each([
    // 12 characters are enough to show the prefix and the last four.
    ['sk_abcdefghi', 'sk_…fghi'],
    // Under 12: nothing of the key.
    ['sk_abcdefgh', '••••'],
    // The prefix is letters and "_" at the start only.
    ['12ab_cdefghijklmn', '…klmn'],
  ])('MON_API_KEY=%s is shown as %s, and nowhere whole', async (key, shown) => {
    const env = testEnv({ sandbox, env: { MON_API_KEY: key } });
    const result = await mon('auth status --no-color', { env });
    expect(result.stdout).toMatch(new RegExp(`^api-key\t${shown}\tMON_API_KEY$`, 'm'));
    expect(result.stdout + result.stderr).not.toContain(key);
  });
});

describe('usage errors', () => {
  it('an empty ID is one problem, said once; an ID of spaces is another', async () => {
    const empty = await mon("runtimes get ''", { sandbox });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('RUNTIME must not be empty (got "")');
    expect(empty.stderr).not.toContain('spaces');
    const spaces = await mon('runtimes get "  "', { sandbox });
    expect(spaces.code).toBe(2);
    expect(spaces.stderr).toContain('must not start or end with spaces');
    expect(sandbox.requests.filter((request) => request.path.startsWith('/v1/runtimes'))).toEqual([]);
  });

  it('names the flag and points at the command help', async () => {
    const result = await mon('status-pages list --limit 500', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: --limit must be a whole number from 1 to 100 (got 500).\nSee `mon status-pages list --help`.\n',
    );
  });

  it('refuses a runtime name that could change the request path, before sending anything', async () => {
    sandbox.requests.length = 0;
    for (const bad of ['..', '2025.04/../x', 'a\u001bb']) {
      const result = await mon(['runtimes', 'get', bad], { sandbox });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: RUNTIME must not/);
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('shows the help of a noun given without a verb on stdout (exit 0: help is data)', async () => {
    const result = await mon('runtimes', {});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: mon runtimes [options] [command]');
  });
});
