import { join } from 'node:path';
import { ensureDir, monDir, pathHint, pathProblem } from '../../../config/paths';
import { CliError } from '../../../errors';
import { tryLock, type HeldLock } from '../../../lock';
import { sanitize } from '../../../text/escape';

/*
 * `mon heartbeats exec --no-overlap`: one run of a monitor at a time on this machine (for
 * this user). A lock file per monitor, named by a hash of its ping token (never the token
 * itself), in mon's data directory. It holds mon's PID and, once it runs, the job's, with
 * what tells them from later processes with the same PIDs (src/lock.ts): a lock whose mon and
 * job are both gone (mon killed, the machine rebooted, a container killed: the next one's mon
 * is process 1 too) is taken over; one whose job still runs after mon was killed is not. A
 * run in another container (or on another machine sharing the directory) is seen through its
 * lock file, which it keeps fresh: one left stale for a minute is taken over.
 */

export function overlapLockPath(env: NodeJS.ProcessEnv, token: string): string {
  // node:crypto is loaded here, not when exec starts (~5 ms).
  const monitor = process.getBuiltinModule('node:crypto').createHash('sha256').update(token).digest('hex').slice(0, 32);
  return join(monDir('data', env), 'exec-locks', `${monitor}.lock`);
}

/** The lock of this monitor's runs, or exit 75 naming the run that holds it. */
export function lockRun(env: NodeJS.ProcessEnv, token: string): HeldLock {
  const path = overlapLockPath(env, token);
  ensureDir('data', join(path, '..'));
  let result: ReturnType<typeof tryLock>;
  try {
    result = tryLock(path, 'mon heartbeats exec');
  } catch (error) {
    const why = pathProblem(error, path);
    if (!why) throw error;
    throw new CliError(
      'failure',
      `Cannot take the --no-overlap lock ${path}: ${why}; the command was not run.`,
      pathHint(error, path, 'set MON_DATA_DIR to a directory you can write'),
    );
  }
  if ('release' in result) return result;
  const holder = result.heldBy;
  const job = holder.child ? `its job is pid ${holder.child}, ` : '';
  const where = holder.host === process.getBuiltinModule('node:os').hostname() ? '' : ` on ${sanitize(holder.host)}`;
  throw new CliError(
    'overlap',
    `Not started (--no-overlap): the previous run of this monitor is still going (${job}mon pid ${holder.pid}${where}, since ${sanitize(String(holder.since))}). No ping was sent.`,
    `It holds ${path}; this run is skipped, the next one starts once it ends.`,
  );
}
