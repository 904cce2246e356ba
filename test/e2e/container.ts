/**
 * A container as far as mon can tell: a PID namespace of its own (mon is process 1 in it, its
 * /proc mounted), a host name of its own, the same kernel (boot) and files as the test. Made
 * with unshare, which takes root (CI runs as root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { TestContext } from 'vitest';
import { requireTool, underCI } from '../tools';

/** Call first in a test that runs a container: skips it without unshare or root (under CI, fails). */
export function requireContainers(context: Pick<TestContext, 'skip'>): void {
  if (process.platform !== 'linux') context.skip('PID namespaces are Linux');
  requireTool(context, 'unshare', { install: 'apt-get install util-linux' });
  const probe = spawnSync('unshare', ['--pid', '--uts', '--fork', '--mount-proc', 'true'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    const why = `unshare --pid cannot run here (${probe.stderr.trim() || `exit ${probe.status}`}): it takes root`;
    if (underCI) throw new Error(why);
    context.skip(why);
  }
}

/**
 * Runs COMMAND ARGS as process 1 of a new PID namespace named `hostname` (`unshare --pid
 * --uts --fork --mount-proc`), with `env`; unshare itself is found on the test's PATH.
 */
export function inContainer(
  hostname: string,
  command: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; kill(): void } {
  const child = spawn(
    'unshare',
    [
      '--pid',
      '--uts',
      '--fork',
      '--mount-proc',
      '/bin/sh',
      '-c',
      'echo "$0" > /proc/sys/kernel/hostname && exec "$@"',
      hostname,
      ...command,
    ],
    { env: { ...env, PATH: process.env.PATH }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  return {
    child,
    /** Kills it as a container is killed (its process 1 with SIGKILL, and with it everything in it), if it runs. */
    kill() {
      try {
        const first = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0];
        if (first) process.kill(Number(first), 'SIGKILL');
      } catch {
        // Ended already.
      }
    },
  };
}
