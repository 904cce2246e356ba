/* Issue 16, item 16: a ping token kept out of `ps` (MON_PING_TOKEN, --token-file FILE|-), never echoed. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggedPingPath, runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = (sandbox.info.heartbeats as { name: string; pingToken: string }[]).find(
    (monitor) => monitor.name === 'Nightly backup',
  )!.pingToken;
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.clearRequests();
});

async function pings(): Promise<string[]> {
  return (await sandbox.requests()).filter((r) => r.path.startsWith('/ping/')).map((r) => `${r.method} ${r.path}`);
}

function tokenFile(content: string): string {
  const file = join(tempDir('mon-token-'), 'token');
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

describe('the ping token from elsewhere than the command line', () => {
  it('ping: from MON_PING_TOKEN', async () => {
    const result = await runMon(['heartbeats', 'ping'], { env: sandbox.env({ MON_PING_TOKEN: token }) });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(await pings()).toEqual([`POST ${loggedPingPath(token)}`]);
  });

  it('ping: from --token-file FILE (a trailing newline is fine)', async () => {
    const result = await runMon(['heartbeats', 'ping', '--token-file', tokenFile(`${token}\n`)], {
      env: sandbox.env(),
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(await pings()).toEqual([`POST ${loggedPingPath(token)}`]);
  });

  it('ping: from --token-file - (stdin), a whole ping URL too', async () => {
    const result = await runMon(['heartbeats', 'ping', '--token-file', '-'], {
      env: sandbox.env({ MON_PING_URL: undefined }),
      input: `${sandbox.info.pingUrl}/${token}\n`,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(await pings()).toEqual([`POST ${loggedPingPath(token)}`]);
  });

  it('exec: from --token-file, every word after -- is the command', async () => {
    const result = await runMon(['heartbeats', 'exec', '--token-file', tokenFile(token), '--', 'sh', '-c', 'exit 0'], {
      env: sandbox.env(),
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(await pings()).toEqual([`POST ${loggedPingPath(token)}`]);
  });

  it('exec: from MON_PING_TOKEN; a failing job sends no ping', async () => {
    const env = sandbox.env({ MON_PING_TOKEN: token });
    expect((await runMon(['heartbeats', 'exec', '--', 'true'], { env })).code).toBe(0);
    expect((await runMon(['heartbeats', 'exec', '--', 'false'], { env })).code).toBe(1);
    expect(await pings()).toEqual([`POST ${loggedPingPath(token)}`]);
  });

  it('the help says where else the token can come from', async () => {
    for (const verb of ['ping', 'exec']) {
      const help = await runMon(['heartbeats', verb, '--help']);
      expect(help.stdout).toContain('--token-file');
      expect(help.stdout).toContain('MON_PING_TOKEN');
    }
  });
});

describe('two sources at once, or a bad file: exit 2, nothing sent, the token never shown', () => {
  const cases: [string, () => { args: string[]; env?: Record<string, string> }, string][] = [
    [
      'TOKEN and MON_PING_TOKEN',
      () => ({ args: ['ping', token], env: { MON_PING_TOKEN: token } }),
      'TOKEN, MON_PING_TOKEN',
    ],
    [
      'TOKEN and --token-file',
      () => ({ args: ['ping', token, '--token-file', tokenFile(token)] }),
      'TOKEN, --token-file',
    ],
    [
      'MON_PING_TOKEN and --token-file (exec)',
      () => ({ args: ['exec', '--token-file', tokenFile(token), '--', 'true'], env: { MON_PING_TOKEN: token } }),
      'MON_PING_TOKEN, --token-file',
    ],
    [
      'a file with two words',
      () => ({ args: ['ping', '--token-file', tokenFile(`${token} ${token}`)] }),
      'alone, on one line',
    ],
    ['an empty file', () => ({ args: ['ping', '--token-file', tokenFile('\n')] }), 'is empty'],
    [
      'a missing file',
      () => ({ args: ['ping', '--token-file', '/nonexistent/token'] }),
      '--token-file /nonexistent/token',
    ],
    ['a bad token in the file', () => ({ args: ['ping', '--token-file', tokenFile('a/../b')] }), 'from --token-file'],
  ];
  for (const [what, make, says] of cases) {
    it(what, async () => {
      const { args, env } = make();
      const result = await runMon(['heartbeats', ...args], { env: sandbox.env(env) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(says);
      expect(result.stderr).not.toContain(token);
      expect(await pings()).toEqual([]);
    });
  }
});
