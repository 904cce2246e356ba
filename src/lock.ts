import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** This machine's name (node:os is loaded only when a lock is taken or judged). */
const hostname = () => process.getBuiltinModule('node:os').hostname();

/** Who holds a lock file: written into it so that a second process can name the first. */
export interface LockOwner {
  pid: number;
  host: string;
  /** What holds it, e.g. "mon sandbox" or "mon config set". */
  what: string;
  /** For a sandbox server: where it answers and with which credentials, so other commands can talk to it. */
  server?: { url: string; apiKey: string; accountId: string };
  since: string;
  /** Unique to one taking of the lock: tells this process's lock from any other. */
  id?: string;
  /**
   * A process it started that holds the lock with it (the job of `mon heartbeats exec`): the
   * lock is not stale while it runs, even when the process that took it is gone (killed with
   * SIGKILL, its job still running).
   */
  child?: number;
}

export interface HeldLock {
  path: string;
  owner: LockOwner;
  /** Record in the lock file where this process serves the locked data (sandbox servers). */
  advertise(server: NonNullable<LockOwner['server']>): void;
  /** Record in the lock file a process started to hold it too (see LockOwner.child). */
  shareWith(child: number): void;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process that has ended but that its parent has not reaped yet (Linux says so in /proc):
 * it holds nothing. In a container whose first process does not reap orphans, a job whose
 * mon was killed stays a zombie for good.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) === 'Z';
  } catch {
    return false;
  }
}

/** A holder on this host whose process (and the process it shares the lock with) is gone: its lock holds nothing. */
function isGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  return !isAlive(owner.pid) && !(typeof owner.child === 'number' && owner.child > 0 && isAlive(owner.child));
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** The lock file as it is now (inode and content), to tell whether it changed since it was judged stale. */
function snapshot(path: string): string | undefined {
  try {
    return `${statSync(path).ino}:${readFileSync(path, 'utf8')}`;
  } catch {
    return undefined;
  }
}

/**
 * Replace a stale lock with ours, atomically and by one process only. A takeover is done
 * under `<lock>.takeover` (created exclusively): its holder checks that the lock file is
 * still the stale one it judged, writes its own lock beside it and renames it over the stale
 * one (never a moment without a lock file), then re-reads it to check that it is its own.
 * Two processes that find the same stale lock cannot both take it over.
 */
function takeOver(path: string, stale: string, owner: LockOwner): boolean {
  const guard = `${path}.takeover`;
  try {
    closeSync(openSync(guard, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking it over. A guard that old was left by one that died doing it.
    if (Date.now() - safeMtime(guard) > 10_000) rmSync(guard, { force: true });
    return false;
  }
  try {
    if (snapshot(path) !== stale) return false;
    replaceFile(path, `${path}.${process.pid}.${owner.id}.new`, JSON.stringify(owner));
    return readOwner(path)?.id === owner.id;
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * A new file (0600) holding `text`, or none at all: a write that fails (a full disk, a file
 * size limit) removes what it created, so no empty lock file is left behind.
 */
function writeNew(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    // writeFileSync writes it all (writeSync may write less than asked, and say nothing).
    writeFileSync(fd, text);
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  closeSync(fd);
}

/** `path` replaced in one step by a file holding `text`, written beside it as `temp` (gone whatever happens). */
function replaceFile(path: string, temp: string, text: string): void {
  writeNew(temp, text);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function held(path: string, owner: LockOwner): HeldLock {
  let released = false;
  const rewrite = () => {
    const next = `${path}.${process.pid}.rewrite`;
    rmSync(next, { force: true });
    replaceFile(path, next, JSON.stringify(owner));
  };
  return {
    path,
    owner,
    advertise(server) {
      owner.server = server;
      rewrite();
    },
    shareWith(child) {
      owner.child = child;
      rewrite();
    },
    release() {
      if (released) return;
      released = true;
      try {
        if (readOwner(path)?.id === owner.id) unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}

const UNKNOWN_HOLDER: LockOwner = { pid: 0, host: '?', what: 'another process', since: '?' };

/**
 * Take the lock at `path` if it is free, or return who holds it. The file appears with its
 * content in one step (written to a temporary file, then hard-linked into place), so a
 * reader never sees a half-written owner. A lock left by a dead process on this host (or an
 * unreadable one older than 5 s) is taken over atomically (see takeOver).
 */
export function tryLock(path: string, what: string): HeldLock | { heldBy: LockOwner } {
  // node:crypto is loaded here, not at start-up (~5 ms: every command reaches this module).
  const id = process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex');
  const owner: LockOwner = { pid: process.pid, host: hostname(), what, since: new Date().toISOString(), id };
  const temp = `${path}.${process.pid}.${id}`;
  writeNew(temp, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, path);
        return held(path, owner);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const before = snapshot(path);
      if (before === undefined) continue; // released meanwhile: try again
      const holder = readOwner(path);
      const stale = holder ? isGone(holder) : Date.now() - safeMtime(path) > 5_000;
      if (!stale) return { heldBy: holder ?? UNKNOWN_HOLDER };
      if (takeOver(path, before, owner)) return held(path, owner);
    }
    return { heldBy: readOwner(path) ?? UNKNOWN_HOLDER };
  } finally {
    unlinkSync(temp);
  }
}

/** The real path of a file (symlinks resolved), or of its directory when the file does not exist yet. */
export function realFile(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    try {
      return join(realpathSync(dirname(file)), basename(file));
    } catch {
      return file;
    }
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
  return !owner || isGone(owner) ? undefined : owner;
}
