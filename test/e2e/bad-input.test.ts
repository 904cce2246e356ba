/**
 * Bad input through the real bin/mon.js: refused with exit 2, a message naming the flag or
 * argument, nothing on stdout, and not one request received by the sandbox. Every case of
 * every command is tested in-process, beside its command (`refusesBadInput` in
 * test/helpers.ts, e.g. test/commands/checks/create-dns.test.ts); these few show that the
 * binary gives the same: a global flag read before commander, commander's own error, and a
 * value read from stdin through a real pipe. Each runs with an account ID of its own, so a
 * request that slipped through is traced back to the case that sent it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../src/sandbox/request-log';
import { runMon, startSandbox, type RunResult, type SandboxProcess } from './harness';

interface Case {
  /** What is wrong, for the test's name. */
  what: string;
  line: string;
  /** Part of stderr: the flag or argument, and the rule. */
  says: string;
  stdin?: string;
}

const CASES: Case[] = [
  { what: '--timeout 0', line: '--timeout 0 runtimes list', says: 'Invalid timeout "0" (from --timeout)' },
  {
    what: 'an unknown flag before the command',
    line: '--bogus incidents list',
    says: "unknown option '--bogus'\nRun `mon --help` for usage.",
  },
  {
    what: 'a --file - whose stdin is not JSON',
    line: 'checks create-dns --file -',
    stdin: 'name: x\n',
    says: 'is not valid JSON',
  },
];

let sandbox: SandboxProcess;
let received: LoggedRequest[];
const results = new Map<Case, RunResult>();
const accountOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

beforeAll(async () => {
  sandbox = await startSandbox();
  await Promise.all(
    CASES.map(async (testCase, index) => {
      const env = sandbox.env({ MON_ACCOUNT_ID: accountOf(index) });
      results.set(testCase, await runMon(testCase.line, { env, input: testCase.stdin }));
    }),
  );
  received = await sandbox.requests();
});

afterAll(async () => {
  await sandbox?.stop();
});

describe('bad input', () => {
  it.each(CASES.map((testCase, index) => [testCase.what, testCase, index] as const))(
    'refuses %s: exit 2, named, nothing sent',
    (_what, testCase, index) => {
      const result = results.get(testCase)!;
      expect(result.stderr).toContain(testCase.says);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      const sent = received.filter((request) => request.headers['x-service-account'] === accountOf(index));
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([]);
    },
  );

  it('left the sandbox without a single request', () => {
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });
});
