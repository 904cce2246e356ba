import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { lockHolder, type LockOwner } from '../../../lock';
import { checkDataFile } from '../../../sandbox/data-dir';
import { defaultDataFile, lockPath } from '../../../sandbox/defaults';

/**
 * --data FILE, else the default data file (the one `mon --sandbox` uses), as an absolute
 * path; a device, a FIFO or a socket there is refused (exit 2) before anything opens it.
 */
export function dataFileOf(env: NodeJS.ProcessEnv, data: string | undefined): string {
  const file = resolve(data ?? defaultDataFile(env));
  checkDataFile(file, data !== undefined, env);
  return file;
}

/**
 * The lock files that may guard a data file: the one beside the path as given and, when
 * that is a symlink, the one beside its real path (both are looked at, so that a sandbox
 * started either way is found).
 */
export function lockPathsOf(dataFile: string): string[] {
  let real = dataFile;
  try {
    real = realpathSync(dataFile);
  } catch {
    // No file yet: only its own path.
  }
  return [...new Set([lockPath(dataFile), lockPath(real)])];
}

/** Who uses the data file now (a `mon sandbox` says where it serves), read without taking the lock. */
export function holderOf(dataFile: string): LockOwner | undefined {
  for (const path of lockPathsOf(dataFile)) {
    const holder = lockHolder(path);
    if (holder) return holder;
  }
  return undefined;
}
