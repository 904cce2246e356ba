/*
 * Issue 27, items 10 and 9: an empty config.json is an empty config on every path, writes
 * included (it crashed every write with "This is unexpected", after `auth login` had sent the
 * key), and a rewrite keeps the numbers it does not know as they were written.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, TEST_ACCOUNT, TEST_KEY, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** An environment whose config file holds `text`. */
function withConfig(text: string): { env: NodeJS.ProcessEnv; file: string } {
  const env = testEnv();
  mkdirSync(env.MON_CONFIG_DIR!, { recursive: true, mode: 0o700 });
  const file = join(env.MON_CONFIG_DIR!, 'config.json');
  writeFileSync(file, text, { mode: 0o600 });
  return { env, file };
}
const stored = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown> };

describe('an empty config.json is an empty config', () => {
  for (const [what, text] of [
    ['empty', ''],
    ['blank lines and spaces', ' \n\n  \n'],
  ] as const) {
    it(`${what}: reads, config set, templates add and auth login all work, and nothing is lost after`, async () => {
      const { env, file } = withConfig(text);
      const list = await mon('config list', { env });
      expect(list.code).toBe(0);

      const set = await mon('config set timeout 60', { env: withConfig(text).env });
      expect(set.stderr).not.toContain('unexpected');
      expect(set.code).toBe(0);

      const template = await mon('templates add fixed --message Fixed.', { env: withConfig(text).env });
      expect(template.code).toBe(0);

      const login = await mon(`auth login --with-key --base-url ${sandbox.url} --account ${TEST_ACCOUNT}`, {
        env,
        stdin: TEST_KEY,
      });
      expect(login.stderr).not.toContain('unexpected');
      expect(login.code).toBe(0);
      expect(stored(file).profiles.default).toMatchObject({ 'base-url': sandbox.url, 'api-key': TEST_KEY });
      const after = await mon('config get base-url', { env });
      expect(after.stdout).toBe(`${sandbox.url}\n`);
    });
  }
});

describe('a rewrite keeps what it does not know, numbers as written', () => {
  it('big integers and decimals of unknown keys survive `mon config set`', async () => {
    const { env, file } = withConfig(
      '{"top":1.0,"profiles":{"default":{"big":12345678901234567890,"ratio":1.50,"nested":{"id":9007199254740993}}}}',
    );
    const result = await mon('config set timeout 45', { env });
    expect(result.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"big": 12345678901234567890');
    expect(text).toContain('"ratio": 1.50');
    expect(text).toContain('"id": 9007199254740993');
    expect(text).toContain('"top": 1.0');
    expect(stored(file).profiles.default).toMatchObject({ timeout: 45 });
  });
});

describe('a damaged config file', () => {
  it('reports a damaged config file with its path, and leaves it untouched', async () => {
    const env = testEnv();
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    const damaged = '{"profiles": {"default": {"baseUrl": "http://x", ';
    writeFileSync(file, damaged, { mode: 0o600 });
    for (const args of ['runtimes list', 'auth status', 'config set timeout 10']) {
      const result = await mon(args, { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The config file ${file} is damaged`);
      expect(result.stderr).toContain('left untouched');
      expect(readFileSync(file, 'utf8')).toBe(damaged);
    }
    const login = await mon(`auth login --with-key --base-url ${sandbox.url}`, {
      env,
      stdin: TEST_KEY,
    });
    expect(login.code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(damaged);
  });
});

describe('one name per setting', () => {
  it("reads a config file written with the earlier key names and rewrites it with today's at the next write, every value kept", async () => {
    const env = testEnv({
      sandbox,
      env: {
        MON_API_KEY: undefined,
        MON_BASE_URL: undefined,
        MON_ACCOUNT_ID: undefined,
        MON_PING_URL: undefined,
      },
    });
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    const earlier = {
      profiles: {
        default: {
          baseUrl: sandbox.url,
          accountId: TEST_ACCOUNT,
          apiKey: TEST_KEY,
          pingUrl: sandbox.pingUrl,
          timeout: 25,
          note: 'mine',
        },
        staging: { baseUrl: 'https://staging.example.com' },
      },
      extra: { kept: true },
    };
    writeFileSync(file, JSON.stringify(earlier), { mode: 0o600 });
    const read = await mon(['runtimes', 'list'], { env });
    expect(read.code, read.stderr).toBe(0);
    const listed = JSON.parse((await mon(['config', 'list', '--json'], { env })).stdout);
    expect(listed).toMatchObject({
      'base-url': sandbox.url,
      account: TEST_ACCOUNT,
      'ping-url': sandbox.pingUrl,
      timeout: 25,
    });
    expect((await mon(['config', 'get', 'base-url'], { env })).stdout).toBe(`${sandbox.url}\n`);

    const set = await mon(['config', 'set', 'timeout', '40'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: {
        default: {
          'base-url': sandbox.url,
          account: TEST_ACCOUNT,
          'api-key': TEST_KEY,
          'ping-url': sandbox.pingUrl,
          timeout: 40,
          note: 'mine',
        },
        staging: { 'base-url': 'https://staging.example.com' },
      },
      extra: { kept: true },
    });
  });
});

describe('a damaged config file', () => {
  it('is reported, with its path, and left as it was by every command that reads it', async () => {
    const damaged = '{"profiles": {"default": {"baseUrl": "https://api.example.com", "timeout": 3';
    const { env, file } = withConfig(damaged);
    const id = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const commands: { line: string; stdin?: string }[] = [
      { line: 'runtimes list' },
      { line: 'status-pages list' },
      { line: 'incidents list' },
      { line: `incidents get ${id}` },
      { line: `incidents create --name x --severity minor --service ${id} --message m` },
      { line: `incidents update ${id} --message m` },
      { line: `incidents resolve ${id}` },
      { line: `incidents updates create ${id} --message m` },
      { line: `incidents updates edit ${id} ${id} --message m` },
      { line: 'checks create-dns --name n --query example.com' },
      { line: 'checks create --type DNS --name n --query example.com' },
      { line: `heartbeats events ${id}` },
      { line: `heartbeats availability ${id}` },
      { line: `heartbeats ping ${id}` },
      { line: 'api /v1/runtimes' },
      { line: 'auth status' },
      { line: 'auth logout' },
      { line: `auth login --with-key --base-url ${sandbox.url}`, stdin: `${TEST_KEY}\n` },
      { line: 'config list' },
      { line: 'config get base-url' },
      { line: 'config set timeout 10' },
    ];
    const results = await Promise.all(commands.map(({ line, stdin }) => mon(line, { env, stdin })));
    results.forEach((result, index) => {
      const command = commands[index]!.line;
      expect(result.stderr, command).toContain(`The config file ${file} is damaged: it is not valid JSON`);
      expect(result.stderr, command).toContain('It was left untouched.');
      expect(result.code, command).toBe(1);
    });
    expect(readFileSync(file, 'utf8')).toBe(damaged);
  });
});
