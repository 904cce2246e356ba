/**
 * --jq in-process (test/helpers.ts): a terminal, jq's notes, no result, an empty expression.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { cli, memorySandbox, mon } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function errorOf(stderr: string): Record<string, unknown> {
  expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

describe('--jq, in-process', () => {
  it('shows a string’s control characters escaped on a terminal, and exactly when piped', async () => {
    const args = ['api', '-X', 'POST', '/v1/x', '-f', 'name=a\u001b[31mb\tc', '--dry-run', '-q', '.body.name'];
    const piped = await cli(args, { sandbox });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe('a\u001b[31mb\tc\n');
    const terminal = await cli(args, { sandbox, tty: true });
    expect(terminal.stdout).toBe('a\\x1b[31mb\tc\n');
  });

  it('escapes DEL, C1 controls and bidirectional overrides inside compact JSON', async () => {
    const result = await mon(['api', '-X', 'POST', '/v1/x', '-f', 'name=x\u009by\u202ez', '--dry-run', '-q', '.body'], {
      sandbox,
    });
    expect(result.stdout).toBe('{"name":"x\\u009by\\u202ez"}\n');
    expect(JSON.parse(result.stdout)).toEqual({ name: 'x\u009by\u202ez' });
  });

  it('passes what jq says with debug to stderr, results to stdout', async () => {
    const result = await mon('runtimes get 2025.04 -q ".name | debug | ascii_downcase"', { sandbox });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('2025.04\n');
    expect(result.stderr).toBe('["DEBUG:","2025.04"]\n');
  });

  it('prints nothing for an expression with no result (`empty`), and exits 0', async () => {
    const result = await mon(`runtimes list --jq '.[] | select(.name == "none")'`, { sandbox });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses an empty expression with exit 2, as jq does', async () => {
    const result = await mon("runtimes list --jq ''", { sandbox });
    expect(result.code).toBe(2);
    expect(errorOf(result.stderr).message).toContain('Top-level program not given');
  });

  it('does not touch output without --jq: --json prints as before', async () => {
    const result = await mon('runtimes get 2025.04 --json', { sandbox });
    expect(result.stdout).toMatch(/^\{\n {2}"name": "2025\.04",\n/);
  });
});
