/**
 * The ping token from elsewhere than the command line (shared/ping-target.ts): MON_PING_TOKEN,
 * --token-file FILE|-, kept out of `ps`; two sources at once or a bad file refused, the token
 * never echoed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, type CliResult, memorySandbox, mon, testEnv } from '../../../helpers';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await memorySandbox();
  token = (sandbox.banner().json.heartbeats as { name: string; pingToken: string }[]).find(
    (monitor) => monitor.name === 'Nightly backup',
  )!.pingToken;
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

/** The pings the sandbox received, as its log shows them (the token masked). */
const pings = () => sandbox.requests.filter((r) => r.path.startsWith('/ping/')).map((r) => `${r.method} ${r.path}`);
const logged = () => `POST /ping/…${token.slice(-4)}`;
/** An environment for the sandbox, with PATH (for the jobs of exec). */
const env = (extra: NodeJS.ProcessEnv = {}) => testEnv({ sandbox, env: { PATH: process.env.PATH, ...extra } });

/** mon LINE, which never shows the token (as the end-to-end harness checks of every run). */
async function run(line: string, options: CliOptions): Promise<CliResult> {
  const result = await mon(line, options);
  expect(result.stdout + result.stderr).not.toContain(token);
  return result;
}

function tokenFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mon-token-')), 'token');
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

describe('the ping token from elsewhere than the command line', () => {
  it('ping: from MON_PING_TOKEN', async () => {
    const result = await run('heartbeats ping', { env: env({ MON_PING_TOKEN: token }) });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(pings()).toEqual([logged()]);
  });

  it('ping: from --token-file FILE (a trailing newline is fine)', async () => {
    const result = await run(`heartbeats ping --token-file ${tokenFile(`${token}\n`)}`, { env: env() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(pings()).toEqual([logged()]);
  });

  it('ping: from --token-file - (stdin), a whole ping URL too', async () => {
    const withoutPingUrl = env();
    delete withoutPingUrl.MON_PING_URL;
    const result = await run('heartbeats ping --token-file -', {
      env: withoutPingUrl,
      stdin: `${sandbox.pingUrl}/${token}\n`,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(pings()).toEqual([logged()]);
  });

  it('exec: from --token-file, every word after -- is the command', async () => {
    const result = await run(`heartbeats exec --token-file ${tokenFile(token)} -- sh -c 'exit 0'`, { env: env() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(pings()).toEqual([logged()]);
  });

  it('exec: from MON_PING_TOKEN; a failing job sends no ping', async () => {
    const withToken = env({ MON_PING_TOKEN: token });
    expect((await run('heartbeats exec -- true', { env: withToken })).code).toBe(0);
    expect((await run('heartbeats exec -- false', { env: withToken })).code).toBe(1);
    expect(pings()).toEqual([logged()]);
  });

  it('the help says where else the token can come from', async () => {
    for (const verb of ['ping', 'exec']) {
      const help = await run(`heartbeats ${verb} --help`, {});
      expect(help.stdout).toContain('--token-file');
      expect(help.stdout).toContain('MON_PING_TOKEN');
    }
  });
});

describe('two sources at once, or a bad file: exit 2, nothing sent, the token never shown', () => {
  const cases: [string, () => { line: string; env?: NodeJS.ProcessEnv }, string][] = [
    [
      'TOKEN and MON_PING_TOKEN',
      () => ({ line: `ping ${token}`, env: { MON_PING_TOKEN: token } }),
      'TOKEN, MON_PING_TOKEN',
    ],
    [
      'TOKEN and --token-file',
      () => ({ line: `ping ${token} --token-file ${tokenFile(token)}` }),
      'TOKEN, --token-file',
    ],
    [
      'MON_PING_TOKEN and --token-file (exec)',
      () => ({ line: `exec --token-file ${tokenFile(token)} -- true`, env: { MON_PING_TOKEN: token } }),
      'MON_PING_TOKEN, --token-file',
    ],
    [
      'a file with two words',
      () => ({ line: `ping --token-file ${tokenFile(`${token} ${token}`)}` }),
      'alone, on one line',
    ],
    ['an empty file', () => ({ line: `ping --token-file ${tokenFile('\n')}` }), 'is empty'],
    ['a missing file', () => ({ line: 'ping --token-file /nonexistent/token' }), '--token-file /nonexistent/token'],
    ['a bad token in the file', () => ({ line: `ping --token-file ${tokenFile('a/../b')}` }), 'from --token-file'],
  ];
  for (const [what, make, says] of cases) {
    it(what, async () => {
      const { line, env: extra } = make();
      const result = await run(`heartbeats ${line}`, { env: env(extra) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(says);
      expect(result.stderr).not.toContain(token);
      expect(pings()).toEqual([]);
    });
  }
});
