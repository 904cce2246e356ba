/**
 * Tests that need a program of the machine (zsh, fish, tmux, less, util-linux `script`, a
 * browser, another Node.js): on a developer's machine without it they are skipped, saying
 * why (and the run lists them at its end, see test/skipped-reporter.ts); under CI (`CI` set,
 * as .ci/run runs) a missing program FAILS the test, since CI installs them and a silent skip
 * there would hide a check that never ran.
 *
 * One rule for all of them, `requireTool` (or `missingTool` for what is not a command on
 * PATH): a test calls it first, or its block calls it in `beforeEach`. No test skips on a
 * tool with `skipIf`/`runIf`, which cannot fail under CI (test/scripts/suite.test.ts
 * looks).
 */
import { spawnSync } from 'node:child_process';
import { inject, type TestContext } from 'vitest';

const found = new Map<string, boolean>();

/** Whether `command` is on PATH (asked once per command). */
export function has(command: string): boolean {
  let present = found.get(command);
  if (present === undefined) {
    present = spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
    found.set(command, present);
  }
  return present;
}

/** Whether `value` (of CI) says CI: set and not "", "0" or "false" (the same rule as mon's). */
export function isCI(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * Whether this run is CI's. Read from what the run started with (test/global-setup.ts): the
 * suite clears CI from the environment of every mon it runs (test/clean-env.ts).
 */
export const underCI = isCI(inject('runEnv').CI);

/**
 * Something the test needs is not there (`what`, and how to get it): skips the test saying
 * so, or under CI fails it.
 */
export function missingTool(context: Pick<TestContext, 'skip'>, what: string, install: string): never {
  if (underCI) {
    throw new Error(
      `${what} is not installed, and under CI a missing tool fails the run (.ci/run installs it: ${install}).`,
    );
  }
  return context.skip(`${what} is not installed (${install})`);
}

/**
 * Call first in a test that needs `command` (or in its block's `beforeEach`): returns when it
 * is there; otherwise skips the test with the reason, or under CI fails it.
 */
export function requireTool(
  context: Pick<TestContext, 'skip'>,
  command: string,
  options: { install?: string; present?: boolean } = {},
): void {
  const present = options.present ?? has(command);
  if (present) return;
  missingTool(context, command, options.install ?? `apt-get install ${command}`);
}
