import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

/** Who holds a lock file: written into it so that a second process can name the first. */
export interface LockOwner {
  pid: number;
  host: string;
  /** What holds it, e.g. "mon sandbox" or "mon config set". */
  what: string;
  /** For a sandbox server: where it answers and with which credentials, so other commands can talk to it. */
  server?: { url: string; apiKey: string; accountId: string };
  since: string;
}

export interface HeldLock {
  path: string;
  owner: LockOwner;
  /** Record in the lock file where this process serves the locked data (sandbox servers). */
  advertise(server: NonNullable<LockOwner['server']>): void;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Take the lock at `path` if it is free, or return who holds it. The file appears with its
 * content in one step (written to a temporary file, then hard-linked into place), so a
 * reader never sees a half-written owner. A lock left by a dead process on this host is
 * taken over.
 */
export function tryLock(path: string, what: string): HeldLock | { heldBy: LockOwner } {
  const owner: LockOwner = { pid: process.pid, host: hostname(), what, since: new Date().toISOString() };
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, path);
        let released = false;
        return {
          path,
          owner,
          advertise(server) {
            owner.server = server;
            const next = `${path}.${process.pid}.advertise`;
            writeFileSync(next, JSON.stringify(owner), { mode: 0o600 });
            renameSync(next, path);
          },
          release() {
            if (released) return;
            released = true;
            try {
              if (readOwner(path)?.pid === process.pid) unlinkSync(path);
            } catch {
              // Already gone: nothing to release.
            }
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readOwner(path);
        const stale = holder
          ? holder.host === owner.host && !isAlive(holder.pid)
          : Date.now() - safeMtime(path) > 5_000;
        if (!stale) {
          return { heldBy: holder ?? { pid: 0, host: '?', what: 'another process', since: '?' } };
        }
        try {
          unlinkSync(path);
        } catch {
          // Someone else removed it first; try again.
        }
      }
    }
    return { heldBy: readOwner(path) ?? { pid: 0, host: '?', what: 'another process', since: '?' } };
  } finally {
    unlinkSync(temp);
  }
}

function safeMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

type ServerInfo = NonNullable<LockOwner['server']>;
interface WaitOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onWait?: (owner: LockOwner) => void;
}

/**
 * Wait for the lock (polling), up to `timeoutMs`. With `acceptServer`, a lock held by a
 * sandbox server is an answer too: the caller can talk to that server instead.
 */
export async function waitForLock(path: string, what: string, options: WaitOptions): Promise<HeldLock>;
export async function waitForLock(
  path: string,
  what: string,
  options: WaitOptions & { acceptServer: true },
): Promise<HeldLock | { server: ServerInfo }>;
export async function waitForLock(
  path: string,
  what: string,
  options: WaitOptions & { acceptServer?: boolean },
): Promise<HeldLock | { server: ServerInfo }> {
  const deadline = Date.now() + options.timeoutMs;
  let told = false;
  for (;;) {
    const result = tryLock(path, what);
    if ('release' in result) return result;
    if (options.acceptServer && result.heldBy.server) return { server: result.heldBy.server };
    if (!told) {
      options.onWait?.(result.heldBy);
      told = true;
    }
    if (Date.now() > deadline) {
      const { heldBy } = result;
      throw Object.assign(new Error(`${path} is locked by ${heldBy.what} (pid ${heldBy.pid})`), { heldBy });
    }
    options.signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
}

/**
 * Who holds the lock at `path` now, read without taking it (a lock left by a dead process on
 * this host holds nothing); undefined when it is free.
 */
export function lockHolder(path: string): LockOwner | undefined {
  const owner = readOwner(path);
  if (!owner || (owner.host === hostname() && !isAlive(owner.pid))) return undefined;
  return owner;
}
