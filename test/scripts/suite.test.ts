/**
 * The suite's own machinery, tried on a small run of cases (test/fixtures/suite/) in a vitest
 * of its own: the closing line counts a failed hook and a file that cannot load as failures
 * (test/skipped-reporter.ts), a missing tool skips, or under CI fails (test/tools.ts), and no mon
 * the suite runs sees an agent's markers, MON_MODE or CI (test/clean-env.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collect, type RunResult } from '../e2e/harness';
import { AGENT_MARKERS } from '../clean-env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The fixture run, with `env` on top of a plain environment (PATH and HOME). */
function runCases(env: Record<string, string>): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/fixtures/suite/vitest.config.ts'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, MON_TEST_SKIP_BUILD: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return collect(child);
}

/** What the closing reporter printed: its lists and its line of counts. */
function closing(stdout: string): string {
  return stdout.slice(stdout.lastIndexOf('\nSkipped (') + 1);
}

const AGENTS = Object.fromEntries(AGENT_MARKERS.map((name) => [name, '1']));

describe('a run whose hooks fail, on a developer machine with a coding agent', () => {
  it('counts the tests a failed beforeAll kept from running, a failed afterAll and a file that cannot load as failed; exit 1', async () => {
    const result = await runCases({ ...AGENTS, MON_MODE: 'agent' });
    expect(result.code, result.stderr).toBe(1);
    expect(closing(result.stdout)).toBe(
      [
        'Skipped (3):',
        '  test/fixtures/suite/hook.case.ts > a block beside it > is skipped by its condition: skipped by its condition',
        '  test/fixtures/suite/hook.case.ts > a block beside it > skips itself, saying why: no reason to run',
        '  test/fixtures/suite/tool.case.ts > needs a tool nobody has: no-such-tool-for-mon-tests is not installed (nowhere)',
        'Failed in a hook or while loading (4):',
        '  test/fixtures/suite/after.case.ts: failed outside its tests (the clean-up failed)',
        '  test/fixtures/suite/hook.case.ts > a block whose set-up fails > one: did not run, a hook failed (the set-up failed)',
        '  test/fixtures/suite/hook.case.ts > a block whose set-up fails > two: did not run, a hook failed (the set-up failed)',
        '  test/fixtures/suite/load.case.ts: failed outside its tests (this file cannot be loaded)',
        'vitest: 4 passed, 4 failed, 3 skipped',
        '',
      ].join('\n'),
    );
  });
});

describe('the same run under CI', () => {
  it('fails the test whose tool is missing instead of skipping it, and still clears CI for what runs', async () => {
    const result = await runCases({ ...AGENTS, MON_MODE: 'agent', CI: 'true', SUITE_CASE_EXPECTS_CI: '1' });
    expect(result.code, result.stderr).toBe(1);
    const end = closing(result.stdout);
    expect(end).not.toContain('tool.case.ts');
    expect(end).toContain('\nvitest: 4 passed, 5 failed, 2 skipped\n');
  });
});

describe('one rule for a missing tool', () => {
  /** Every test file and helper of the suite. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );

  it('no test skips on a condition of its own but the platform (a tool goes through requireTool, which fails under CI)', () => {
    const platform = /^!?process\.platform [!=]==? '\w+'$/;
    const conditional = sources(join(ROOT, 'test')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // The condition as written, or the constant it names (`const linux = process.platform === 'linux'`).
      const meaning = (condition: string) =>
        new RegExp(`const ${condition.replace(/^!/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} = (.+);`).exec(
          text,
        )?.[1] ?? condition;
      return [...text.matchAll(/\.(skipIf|runIf)\(([^)]*)\)/g)]
        .filter((match) => match[2] !== 'true' && !platform.test(match[2]!) && !platform.test(meaning(match[2]!)))
        .map((match) => `${relative(ROOT, file)}: ${match[0]}`);
    });
    expect(conditional).toEqual([]);
  });
});
