/**
 * How long the suite waits before it gives up, in one place (vitest.config.ts and every
 * helper that waits). Tests wait for events: a line on a screen, a request received, a
 * process's exit, a file. These bounds only end a wait for an event that never comes, so they
 * are generous: on a shared 2-core machine at a load of 16 a process takes seconds to start,
 * and a test that fails there is a bug of the test, not of the machine. No test asserts how
 * long something took (a lower bound, "it did wait", is fine: load only makes it longer).
 */

/** One event: mon to exit, a line to show, a sandbox to start, a lock to be given up. */
export const WAIT_MS = 90_000;

/** One test or one hook (vitest.config.ts): several waits. */
export const TEST_MS = 240_000;

/** Work over the network or npm (a Node.js fetched from the registry, a package installed). */
export const NETWORK_MS = 600_000;

/**
 * The CPU time `work` takes in this process (user and system), in ms: what a test of how much
 * work something does measures, rather than the time on the wall clock, which other processes
 * on a shared machine stretch (a quadratic loop shows as such either way).
 */
export async function cpuMs(work: () => Promise<unknown> | unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
