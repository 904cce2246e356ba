/**
 * A line that reads cleanly runs from its reading (core/flags/read.ts); main.ts hands any
 * other to commander (program.ts's parseAndRun), which runs a verb from what it parsed
 * (core/flags/commander.ts: its flags, an ancestor's flag it took, a repeated flag's values,
 * the words after `--`). Both runs print and send the same for the same line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL } from '../../../src/commands/index';
import { createContext } from '../../../src/core/context';
import { programNode, readLine, readsCleanly } from '../../../src/core/flags/read';
import { testIO } from '../../../src/io';
import { exitCodeFor } from '../../../src/main';
import { parseAndRun } from '../../../src/program';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../../helpers';
import { words } from '../../words';

const ROOT = programNode(await Promise.all(TOP_LEVEL.map((entry) => entry.load())));
const read = (argv: readonly string[]) => readLine(argv, ROOT);

describe('a line that reads cleanly does what commander does with it', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  /** What a run printed and sent. */
  const run = async (how: () => Promise<{ code: number; stdout: string; stderr: string }>) => {
    sandbox.requests.length = 0;
    const { code, stdout, stderr } = await how();
    const requests = sandbox.requests.map(({ method, path, body }) => ({ method, path, body }));
    return { code, stdout, stderr, requests };
  };

  /** `mon LINE` through commander, as main.ts runs a line that does not read cleanly. */
  async function throughCommander(argv: string[]) {
    const io = testIO();
    const ctx = createContext({ io, env: testEnv({ sandbox }) });
    let code = 0;
    try {
      await parseAndRun(argv, ctx, read(argv));
    } catch (error) {
      code = exitCodeFor(error);
      io.err(`${(error as Error).message}\n`);
    } finally {
      await ctx.close();
    }
    return { code, stdout: io.stdout, stderr: io.stderr };
  }

  it.each([
    'incidents list --status all --limit 2 --json',
    'incidents list -L1 -s ALL',
    '--no-color status',
    'status --json',
    'checks list --limit 2',
    'heartbeats list --json',
    'status-pages list',
    'runtimes list',
    'templates list',
    'completion fish',
    'incidents list --limit 0',
    'incidents list --status opne --since yesterday',
    // The words after -- are the job's alone: TOKEN is the word before it, or missing (exit 2).
    'heartbeats exec tok_0123456789abcdef --dry-run -- echo hi',
    'heartbeats exec --dry-run -- echo hi',
    // A flag repeated: each value, in order.
    'api /v1/things -X POST --dry-run --json -F tags[]=a -F tags[]=b -F tags[]=c',
    // Commander gives --data to `mon sandbox`, the verb takes it from there.
    'sandbox info --data /nonexistent/mon-sandbox.jsonl',
    'sandbox info --data /nonexistent/mon-sandbox.jsonl --json',
  ])('mon %s', async (line) => {
    const argv = words(line);
    expect(readsCleanly(read(argv))).toBe(true);
    const fast = await run(() => mon(argv, { sandbox }));
    const slow = await run(() => throughCommander(argv));
    expect({ ...slow, stderr: '' }).toEqual({ ...fast, stderr: '' });
    // The same error, where there is one (main.ts adds its "error:" and hint).
    if (slow.stderr) expect(fast.stderr).toContain(slow.stderr.trim());
  });
});
