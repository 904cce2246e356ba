import { lstatSync, mkdirSync } from 'node:fs';
import { monDirIfKnown } from '../config/paths';

/**
 * mon's cache directory (config/paths.ts: MON_CACHE_DIR, else the platform's) when it is safe
 * to run code from and to remove files in: a directory itself (not a symbolic link, which
 * could lead anywhere: to a directory of yours, from a link someone planted in /tmp), owned
 * by this user, that no group or other user can write to (whoever can write it can choose
 * the code mon runs). With `create`, a missing one is made (0700). undefined otherwise (or
 * with no home directory to put it in): mon runs without its caches, which only costs speed.
 */
export function trustedCacheDir(create: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const dir = monDirIfKnown('cache', env);
    if (dir === undefined) return undefined;
    if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return undefined;
    // Windows: no owner IDs or mode bits to check (its ACLs keep a user's profile private).
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
      if ((stat.mode & 0o022) !== 0) return undefined;
    }
    return dir;
  } catch {
    // A file in the way, a read-only disk.
    return undefined;
  }
}
