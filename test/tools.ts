/**
 * Tests that need a program of the machine (zsh, fish, util-linux `script`): on a
 * developer's machine without it they are skipped, saying why (and the run lists them at
 * its end, see test/skipped-reporter.ts); under CI (`CI` set, as .ci/run runs) a missing
 * program FAILS the test, since CI installs them and a silent skip there would hide a
 * check that never ran.
 */
import { spawnSync } from 'node:child_process';
import type { TestContext } from 'vitest';

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

/** Whether this run is CI's: `CI` set and not "", "0" or "false" (the same rule as mon's). */
export const underCI = (() => {
  const value = process.env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
})();

/**
 * Call first in a test that needs `command`: returns when it is there; otherwise skips the
 * test with the reason, or under CI fails it.
 */
export function requireTool(
  context: Pick<TestContext, 'skip'>,
  command: string,
  options: { install?: string; present?: boolean } = {},
): void {
  const present = options.present ?? has(command);
  if (present) return;
  const install = options.install ?? `apt-get install ${command}`;
  if (underCI) {
    throw new Error(
      `${command} is not installed, and under CI a missing tool fails the run (.ci/run installs it: ${install}).`,
    );
  }
  context.skip(`${command} is not installed (${install})`);
}
