/**
 * Reliability through the real binary: an interrupt during a request, Ctrl-C at a prompt on a
 * terminal, two processes writing the config file at once, and server text on a terminal.
 * The faults the client survives and the secrets it keeps are tested in-process
 * (test/api/client.test.ts, test/core/dry-run.test.ts), server text piped in
 * test/text/escape.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  collect,
  inTerminal,
  requireTerminal,
  runMon,
  startSandbox,
  type SandboxProcess,
  withoutSpinner,
} from './harness';

const API = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('faults the client survives', () => {
  it('exits 130 with no stack trace when interrupted during a request', async () => {
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

describe('hostile text from the server', () => {
  // A title change (OSC), a screen clear (CSI), a C1 CSI, a cursor move up, and a right-to-left override.
  const NAME = 'Evil \u001b]0;pwned\u0007 \u001b[2J\u009b31m\u202eesrever';
  const MESSAGE = 'First line\u001b[1A\u001b[2K fake \u0085 line';
  /** Anything that could act on a terminal, beyond the line breaks and tabs of our own layout. */
  const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const OUR_COLOURS = /\u001b\[[0-9;]*m/g;
  let id: string;
  beforeAll(async () => {
    const { body } = await sandbox.call('POST', '/v1/status-pages/incidents', {
      name: NAME,
      severity: 'MAJOR',
      services: [{ id: API, name: 'Public API', accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: MESSAGE }],
    });
    ({ id } = body as { id: string });
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
      expect(withoutSpinner(run.stdout).replace(OUR_COLOURS, '')).not.toMatch(CONTROL);
    }
    const [list, get] = runs;
    expect(list!.stdout).toMatch(/\u001b\[\d+m/); // colours were on: only ours got through
    expect(list!.stdout).toContain('Evil \\x1b]0;pwned\\x07');
    expect(get!.stdout).toContain('Evil \\x1b]0;pwned\\x07 \\x1b[2J\\x9b31m\\u202eesrever');
    expect(get!.stdout).toContain('First line\\x1b[1A\\x1b[2K fake \\x85 line');
  });
});
