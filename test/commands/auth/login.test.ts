/** `mon auth login`: the base URL, account and key asked (or given), checked with one read, then stored. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../../src/core/context';
import { testIO } from '../../../src/io';
import { main } from '../../../src/main';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY, testEnv, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
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

describe('auth login --with-key', () => {
  it('logs in with --with-key: the key from stdin checked, then stored in a file only its owner can read', async () => {
    const env = testEnv();
    const login = await mon(`auth login --with-key --base-url ${sandbox.url} --account ${TEST_ACCOUNT}`, {
      env,
      stdin: `${TEST_KEY}\n`,
    });
    expect(login.stderr).toContain('Logged in to');
    expect(login.code).toBe(0);
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.profiles.default).toMatchObject({ 'base-url': sandbox.url, account: TEST_ACCOUNT });
  });

  it('refuses a wrong key at login and saves nothing', async () => {
    const env = testEnv();
    const result = await mon(`auth login --with-key --base-url ${sandbox.url}`, {
      env,
      stdin: 'sk_wrong_key_123456\n',
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'Authentication failed: the key you entered was rejected (401 Unauthorized: Bad Token).',
    );
    expect(result.stderr).toContain('Nothing was saved');
    expect(existsSync(join(env.MON_CONFIG_DIR!, 'config.json'))).toBe(false);
  });

  it('logging in to a `mon sandbox` stores its ping URL, so that `heartbeats ping` works afterwards', async () => {
    const env = testEnv();
    const login = await mon(`auth login --with-key --base-url ${sandbox.url} --account ${TEST_ACCOUNT}`, {
      env,
      stdin: `${TEST_KEY}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Heartbeat pings go to ${sandbox.pingUrl}.`);
    const stored = JSON.parse(readFileSync(join(env.MON_CONFIG_DIR!, 'config.json'), 'utf8'));
    expect(stored.profiles.default['ping-url']).toBe(sandbox.pingUrl);

    const token = (sandbox.banner().json.heartbeats as { pingToken: string }[])[0]!.pingToken;
    sandbox.requests.length = 0;
    const ping = await mon(`heartbeats ping ${token}`, { env });
    expect(ping.code, ping.stderr).toBe(0);
    expect(sandbox.requests.map((request) => `${request.method} ${request.path.slice(0, 6)}`)).toEqual(['POST /ping/']);
  });
});

describe('auth login under MON_* variables', () => {
  it('auth login warns when MON_API_KEY (or MON_BASE_URL, MON_ACCOUNT_ID) will override what it saves', async () => {
    const env = testEnv({ sandbox, env: { MON_API_KEY: 'sk_other_key_0000000000', MON_ACCOUNT_ID: undefined } });
    const result = await mon(['auth', 'login', '--with-key', '--base-url', sandbox.url], {
      env,
      stdin: `${TEST_KEY}\n`,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'warning: MON_API_KEY is set in this environment, and commands will use it instead of the api-key saved here. Unset it (`unset MON_API_KEY`) to use this login.',
    );
    expect(result.stderr).not.toContain('MON_BASE_URL is set'); // the same URL: nothing overridden
  });
});

refusesBadInput([
  {
    what: 'an empty key on stdin',
    line: 'auth login --with-key',
    stdin: '\n',
    says: '--with-key read an empty key from stdin',
  },
  {
    what: 'a --base-url that is not http(s)',
    line: 'auth login --with-key --base-url ftp://x',
    stdin: 'sk_x_0123456789\n',
    says: 'Invalid URL "ftp://x" (from --base-url)',
  },
]);
