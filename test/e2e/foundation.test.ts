import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, closedPort, requireTerminal, runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('auth', () => {
  it('logs in with --with-key, shows the masked key and sources, and logs out', async () => {
    const env = cleanEnv();
    const login = await runMon(
      ['auth', 'login', '--with-key', '--base-url', sandbox.url, '--account', sandbox.info.accountId],
      { env, input: `${sandbox.info.apiKey}\n` },
    );
    expect(login.stderr).toContain('Logged in to');
    expect(login.code).toBe(0);
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.profiles.default).toMatchObject({ 'base-url': sandbox.url, account: sandbox.info.accountId });

    const status = await runMon(['auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`base-url\t${sandbox.url}\tprofile "default"\n`);
    expect(status.stdout).toContain(`api-key\tsk_…${sandbox.info.apiKey.slice(-4)}\tprofile "default"\n`);
    expect(status.stdout).toContain('timeout\t30\tdefault\n');
    expect(status.stdout + status.stderr).not.toContain(sandbox.info.apiKey);

    const json = JSON.parse((await runMon(['auth', 'status', '--json'], { env })).stdout);
    expect(json['api-key']).toEqual({ value: `sk_…${sandbox.info.apiKey.slice(-4)}`, source: 'profile "default"' });
    expect(json['base-url']).toEqual({ value: sandbox.url, source: 'profile "default"' });
    expect(json['key-check']).toMatchObject({ result: 'ok' });

    // The stored credentials work for a real command.
    const list = await runMon(['runtimes', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^2026\.04\t/);

    const logout = await runMon(['auth', 'logout'], { env });
    expect(logout.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default['api-key']).toBeUndefined();
    const after = await runMon(['auth', 'status'], { env });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain('mon auth login');
  });

  it('refuses a wrong key at login and saves nothing', async () => {
    const env = cleanEnv();
    const result = await runMon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      input: 'sk_wrong_key_123456\n',
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'Authentication failed: the key you entered was rejected (401 Unauthorized: Bad Token).',
    );
    expect(result.stderr).toContain('Nothing was saved');
    expect(existsSync(join(env.MON_CONFIG_DIR!, 'config.json'))).toBe(false);
  });

  it('uses MON_API_KEY / MON_ACCOUNT_ID / MON_BASE_URL with no stored config at all', async () => {
    const env = sandbox.env();
    const result = await runMon(['status-pages', 'list'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Public API');
    expect(existsSync(env.MON_CONFIG_DIR!)).toBe(false);
  });

  it('turns a 401 into exit 4 naming where the rejected key came from, and points at a stored key only when there is one', async () => {
    const revoked = sandbox.env({ MON_API_KEY: 'sk_revoked_0000000000' });
    const result = await runMon(['runtimes', 'list'], { env: revoked });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'Authentication failed: the key from MON_API_KEY was rejected (401 Unauthorized: Bad Token).',
    );
    // Nothing is stored in this config dir: there is no key to fall back on.
    expect(result.stderr).toContain(
      'Set MON_API_KEY to a working key, or unset it and run `mon auth login` to store one',
    );
    expect(result.stderr).not.toContain('the key stored in');
    expect(result.stderr).not.toContain('sk_revoked_0000000000');

    const login = await runMon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env: sandbox.env({ MON_API_KEY: undefined, MON_CONFIG_DIR: revoked.MON_CONFIG_DIR }),
      input: `${sandbox.info.apiKey}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const stored = await runMon(['runtimes', 'list'], { env: revoked });
    expect(stored.code).toBe(4);
    expect(stored.stderr).toContain(
      'Set MON_API_KEY to a working key, or unset it to use the key stored in profile "default"',
    );
  });

  it('with nothing configured, names both ways in: `mon auth login` and the sandbox without an account (exit 4)', async () => {
    const result = await runMon(['runtimes', 'list'], { env: cleanEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No API key is configured');
    expect(result.stderr).toContain('Run `mon auth login` (or set MON_API_KEY) to use your account');
    expect(result.stderr).toContain('`mon --sandbox incidents list`');
  });

  it('logging in to a `mon sandbox` stores its ping URL, so that `heartbeats ping` works afterwards', async () => {
    const env = cleanEnv();
    const login = await runMon(
      ['auth', 'login', '--with-key', '--base-url', sandbox.url, '--account', sandbox.info.accountId],
      { env, input: `${sandbox.info.apiKey}\n` },
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Heartbeat pings go to ${sandbox.info.pingUrl}.`);
    const stored = JSON.parse(readFileSync(join(env.MON_CONFIG_DIR!, 'config.json'), 'utf8'));
    expect(stored.profiles.default['ping-url']).toBe(sandbox.info.pingUrl);

    const token = (sandbox.info.heartbeats as { pingToken: string }[])[0]!.pingToken;
    await sandbox.clearRequests();
    const ping = await runMon(['heartbeats', 'ping', token], { env });
    expect(ping.code, ping.stderr).toBe(0);
    expect((await sandbox.requests()).map((request) => `${request.method} ${request.path.slice(0, 6)}`)).toEqual([
      'POST /ping/',
    ]);
  });
});

describe('runtimes', () => {
  it('lists runtimes as TSV when piped, and as the exact body with --json', async () => {
    const tsv = await runMon(['runtimes', 'list'], { env: sandbox.env() });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row[0])).toEqual([
      '2026.04',
      '2025.04',
      '2024.09',
      '2024.02',
      '2023.09',
      '2023.02',
      '2022.10',
    ]);
    expect(rows[1]).toEqual(['2025.04', 'CURRENT', 'v22.14.0', '2027-04-30', 'true', expect.any(String)]);

    const json = await runMon(['runtimes', 'list', '--json'], { env: sandbox.env() });
    const direct = await sandbox.call('GET', '/v1/runtimes');
    expect(JSON.parse(json.stdout)).toEqual(direct.body);
    expect(json.stdout).toBe(`${JSON.stringify(direct.body, null, 2)}\n`);
  });

  it('shows one runtime with its packages, and exits 6 for an unknown one', async () => {
    const get = await runMon(['runtimes', 'get', '2025.04'], { env: sandbox.env() });
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('nodeJsVersion\tv22.14.0\n');
    expect(get.stdout).toContain('dependency\tplaywright\t1.51.1\n');
    const json = JSON.parse((await runMon(['runtimes', 'get', '2025.04', '--json'], { env: sandbox.env() })).stdout);
    expect(json.dependencies['@playwright/test']).toBe('1.51.1');

    const missing = await runMon(['runtimes', 'get', '2099.01'], { env: sandbox.env() });
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain('Runtime "2099.01" was not found');
    expect(missing.stderr).toContain('mon runtimes list');
  });
});

describe('status-pages list', () => {
  it('prints one row per service, as TSV and as the page body with --json', async () => {
    const tsv = await runMon(['status-pages', 'list'], { env: sandbox.env() });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual([
      'Acme Cloud',
      'acme-cloud',
      'Core platform',
      'Public API',
      '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01',
    ]);
    const json = JSON.parse(
      (await runMon(['status-pages', 'list', '--json', '--limit', '2'], { env: sandbox.env() })).stdout,
    );
    expect(json).toMatchObject({ length: 2, nextId: '7c2e3b20-8d2b-4e6f-a1c3-000000000003' });
    expect(json.entries.map((page: { name: string }) => page.name)).toEqual(['Acme Cloud', 'Acme Internal']);
  });

  it('follows every page with --all, and --next-id starts where asked', async () => {
    await sandbox.clearRequests();
    const all = await runMon(['status-pages', 'list', '--all', '--limit', '1', '--json'], { env: sandbox.env() });
    expect(all.code).toBe(0);
    const pages = JSON.parse(all.stdout);
    expect(pages.map((page: { name: string }) => page.name)).toEqual(['Acme Cloud', 'Acme Internal', 'Acme Payments']);
    const requests = (await sandbox.requests()).map((request) => request.path);
    expect(requests).toEqual([
      '/v1/status-pages?limit=1',
      '/v1/status-pages?limit=1&nextId=6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
      '/v1/status-pages?limit=1&nextId=7c2e3b20-8d2b-4e6f-a1c3-000000000003',
    ]);
    const tsv = await runMon(['status-pages', 'list', '--all', '--limit', '2'], { env: sandbox.env() });
    expect(tsv.stdout.trim().split('\n')).toHaveLength(7);
    const next = await runMon(['status-pages', 'list', '--next-id', '7c2e3b20-8d2b-4e6f-a1c3-000000000003'], {
      env: sandbox.env(),
    });
    expect(
      next.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[3]),
    ).toEqual(['Checkout', 'Payouts']);
  });

  it.each([['0'], ['101'], ['x'], ['2.5']])('refuses --limit %s with exit 2 and sends nothing', async (limit) => {
    await sandbox.clearRequests();
    const result = await runMon(['status-pages', 'list', '--limit', limit], { env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100');
    expect(await sandbox.requests()).toEqual([]);
  });
});

describe('config file', () => {
  it('reports a damaged config file with its path, and leaves it untouched', async () => {
    const env = cleanEnv();
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    const damaged = '{"profiles": {"default": {"baseUrl": "http://x", ';
    writeFileSync(file, damaged, { mode: 0o600 });
    for (const args of [
      ['runtimes', 'list'],
      ['auth', 'status'],
      ['config', 'set', 'timeout', '10'],
    ]) {
      const result = await runMon(args, { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The config file ${file} is damaged`);
      expect(result.stderr).toContain('left untouched');
      expect(readFileSync(file, 'utf8')).toBe(damaged);
    }
    const login = await runMon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      input: sandbox.info.apiKey,
    });
    expect(login.code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(damaged);
  });

  it('sets, gets, lists and unsets settings per profile, never showing the key', async () => {
    const env = cleanEnv();
    expect((await runMon(['config', 'set', 'base-url', 'https://api.example.com/'], { env })).code).toBe(0);
    expect((await runMon(['--profile', 'staging', 'config', 'set', 'timeout', '45'], { env })).code).toBe(0);
    expect((await runMon(['config', 'get', 'base-url'], { env })).stdout).toBe('https://api.example.com\n');
    expect((await runMon(['--profile', 'staging', 'config', 'get', 'timeout'], { env })).stdout).toBe('45\n');
    const unset = await runMon(['config', 'get', 'ping-url'], { env });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('ping-url is not set in profile "default"');
    const key = await runMon(['config', 'set', 'api-key', 'sk_live_secret_value'], { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('mon auth login');
    const list = JSON.parse((await runMon(['config', 'list', '--json'], { env })).stdout);
    expect(list).toEqual({
      profile: 'default',
      'base-url': 'https://api.example.com',
      account: null,
      'ping-url': null,
      timeout: null,
      'api-key': null,
      accessible: null,
    });
    expect((await runMon(['config', 'unset', 'base-url'], { env })).code).toBe(0);
    expect((await runMon(['config', 'get', 'base-url'], { env })).code).toBe(1);
    expect((await runMon(['config', 'path'], { env })).stdout).toBe(`${join(env.MON_CONFIG_DIR!, 'config.json')}\n`);
    const bad = await runMon(['config', 'set', 'timeout', 'soon'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('timeout');
  });
});

describe('the client', () => {
  it('retries a GET after a 503 and succeeds', async () => {
    const flaky = await startSandbox(['--faults', '503x1']);
    try {
      const result = await runMon(['runtimes', 'list', '--debug'], { env: flaky.env() });
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(7);
      expect(result.stderr).toContain('< 503 Service Unavailable');
      expect(result.stderr).toContain('(attempt 2)');
      expect((await flaky.requests()).filter((request) => request.path === '/v1/runtimes')).toHaveLength(2);
      // --debug redacts the key.
      expect(result.stderr).toContain('authorization: Bearer [redacted]');
      expect(result.stderr).not.toContain(flaky.info.apiKey);
    } finally {
      await flaky.stop();
    }
  });

  it('gives up on a GET that keeps failing, naming the status and the attempts (exit 1)', async () => {
    const down = await startSandbox(['--faults', '503:1']);
    try {
      const result = await runMon(['runtimes', 'list'], { env: down.env() });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'The server failed (503 Service Unavailable: Injected fault (--faults): Service Unavailable) after 4 attempts',
      );
    } finally {
      await down.stop();
    }
  });

  it('reports a connection refused as exit 1 with what to check', async () => {
    const closed = await closedPort();
    const result = await runMon(['runtimes', 'list'], { env: sandbox.env({ MON_BASE_URL: closed.url }) });
    await closed.release();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not reach ${closed.url}`);
    expect(result.stderr).toContain('the connection was refused');
    expect(result.stderr).not.toContain('ECONNREFUSED');
  });
});

describe('the program', () => {
  it('prints its version and suggests a spelling for an unknown command', async () => {
    expect((await runMon(['--version'])).stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
    const typo = await runMon(['incidnets', 'list']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown command 'incidnets'");
    expect(typo.stderr).toContain('Did you mean incidents?');
    const flag = await runMon(['runtimes', 'list', '--jsn']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Did you mean --json?');
  });

  it('exits quietly when the reader of its output goes away', () => {
    const result = spawnSync(
      'bash',
      ['-c', `node ${BIN} status-pages list --all --limit 1 | head -1; echo "mon=\${PIPESTATUS[0]}"`],
      {
        env: sandbox.env(),
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toMatch(/^Acme Cloud\t.*\nmon=0\n$/);
    expect(result.stderr).toBe('');
  });

  it('answers --help for every top-level command, and a verb, with examples (every verb in-process: test/unit/help.test.ts)', async () => {
    const env = cleanEnv();
    const top = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env });
    const nouns = [...top.split('\n\nExamples:')[0]!.matchAll(/^ {2}([a-z][a-z-]*)(?: \S+)* {2,}/gm)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'help');
    expect(nouns).toEqual(
      expect.arrayContaining(['incidents', 'checks', 'heartbeats', 'runtimes', 'status-pages', 'api']),
    );
    // The binary builds only the subtree a command line asks for: each noun's help is its own path.
    const helps = await Promise.all(nouns.map((noun) => runMon([noun, '--help'], { env })));
    helps.forEach((help, index) => {
      expect(help.code, nouns[index]).toBe(0);
      expect(help.stdout, nouns[index]).toMatch(new RegExp(`^Usage: mon ${nouns[index]}`));
      expect(help.stdout, nouns[index]).toMatch(/\nExamples:\n {2}\$ .*\bmon /);
    });
    const verb = execFileSync(process.execPath, [BIN, 'status-pages', 'list', '--help'], { encoding: 'utf8', env });
    expect(verb).toContain('--limit <n>');
    expect(verb).toContain('Examples:');
    expect(verb).toContain('Global options: --version, --profile');
    expect(verb).toContain('--json');
  });
});

describe('on a real terminal', () => {
  it('auth login asks for the base URL with an example of one, fitted to 80 columns', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['auth', 'login'], cleanEnv());
    await screen.waitFor('? API base URL (e.g. https://api.example.com, or http://127.0.0.1:4010 for');
    expect(overWidth(screen.history(), 80)).toEqual([]);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });

  it('draws a table with a bold header and coloured stages (through a pty)', (context) => {
    requireTerminal(context);
    const result = spawnSync('script', ['-qec', `node ${BIN} runtimes list`, '/dev/null'], {
      env: { ...sandbox.env(), TERM: 'xterm-256color', COLUMNS: '120' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('\u001b[1mNAME\u001b[22m');
    expect(result.stdout).toMatch(/2025\.04\s+\u001b\[32mCURRENT\u001b\[39m/);
    const plain = spawnSync('script', ['-qec', `node ${BIN} runtimes list`, '/dev/null'], {
      env: { ...sandbox.env(), TERM: 'xterm-256color', NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(plain.stdout).toMatch(/^NAME\s+STAGE/);
    expect(plain.stdout).not.toContain('\u001b[');
  });
});
