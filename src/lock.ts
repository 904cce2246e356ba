import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { TimerFunctions } from './timers';

/** This machine's name (node:os is loaded only when a lock is taken or judged). */
const hostname = () => process.getBuiltinModule('node:os').hostname();

/*
 * Who holds a lock is judged by what identifies a process, not by its PID alone (issue 45):
 * in a container, mon is process 1 every time, and a PID is reused. On Linux a holder writes
 * the kernel's boot ID and its PID namespace beside its PID, and the PID's start time
 * (/proc/PID/stat, field 22). A holder this process can see (same boot, same PID namespace,
 * whatever the host name) holds the lock while a process with its PID and start time runs. One
 * it cannot see (another container, another boot, another machine sharing the directory)
 * keeps the lock's file fresh (its mtime, every LEASE_REFRESH_MS) while it holds it: a lock
 * not refreshed for LEASE_MS, or last written before this machine booted, holds nothing.
 * A lock written without them (an older mon, or a system without /proc) is judged by PID on
 * the same host as before, and by its age elsewhere.
 */

/** How often a holder refreshes its lock file's mtime. */
export const LEASE_REFRESH_MS = 15_000;
/** A lock whose holder cannot be seen from here holds nothing once its file is older than this. */
export const LEASE_MS = 60_000;

/** What identifies this process beyond its PID (Linux; none elsewhere). */
interface Identity {
  boot?: string;
  pidns?: string;
  start?: number;
}

let identity: Identity | undefined;
function selfIdentity(): Identity {
  identity ??= {
    boot: readTrimmed('/proc/sys/kernel/random/boot_id'),
    pidns: readLink('/proc/self/ns/pid'),
    start: startTime(process.pid),
  };
  return identity;
}

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** When the process started, in clock ticks since boot (/proc/PID/stat, field 22); undefined when unknown. */
function startTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/** The ids of the locks this process holds now: a lock naming this PID is this process's only if its id is here. */
const heldHere = new Set<string>();

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
  /** The kernel's boot ID (Linux): a holder of another boot is not on this machine as it runs now. */
  boot?: string;
  /** The holder's PID namespace (Linux, `pid:[4026531836]`): its PID means something here only in the same one. */
  pidns?: string;
  /** When `pid` started, in clock ticks since boot (Linux): tells it from a later process with the same PID. */
  start?: number;
  /** When `child` started. */
  childStart?: number;
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

/** Does the process `pid` that started at `start` (when known) still run here? */
function runs(pid: unknown, start: unknown): boolean {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  // This process holds no lock but those in heldHere (judged before): another naming its PID was
  // left by an earlier process with the same PID (mon as process 1 of a container, every time).
  if (pid === process.pid || !isAlive(pid)) return false;
  return typeof start !== 'number' || startTime(pid) === undefined || startTime(pid) === start;
}

/**
 * A lock whose holder is gone holds nothing (see above): one this process can see when neither
 * its process nor the one it shares the lock with runs (the same PID and start time); one it
 * cannot see when its file was not refreshed for LEASE_MS, or last written before this boot.
 */
function isGone(owner: LockOwner, mtimeMs: number, now: number): boolean {
  if (owner.id !== undefined && heldHere.has(owner.id)) return false;
  const self = selfIdentity();
  const visible =
    owner.boot !== undefined && self.boot !== undefined
      ? owner.boot === self.boot && owner.pidns === self.pidns
      : owner.host === hostname();
  if (!visible) {
    const bootedAt = now - process.getBuiltinModule('node:os').uptime() * 1000;
    return mtimeMs < bootedAt || now - mtimeMs > LEASE_MS;
  }
  return !runs(owner.pid, owner.start) && !runs(owner.child, owner.childStart);
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

function held(path: string, owner: LockOwner, options: LockOptions): HeldLock {
  let released = false;
  heldHere.add(owner.id!);
  const rewrite = () => {
    const next = `${path}.${process.pid}.rewrite`;
    rmSync(next, { force: true });
    replaceFile(path, next, JSON.stringify(owner));
  };
  // The lease (see above): the file's mtime says the holder is there, to those that cannot see it.
  const { timers = LEASE_TIMERS, now = Date.now } = options;
  let timer: unknown;
  const refresh = () => {
    try {
      if (readOwner(path)?.id === owner.id) utimesSync(path, now() / 1000, now() / 1000);
    } catch {
      // Gone or unwritable: the next judge finds the lock older, as it is.
    }
    timer = timers.setTimeout(refresh, LEASE_REFRESH_MS);
  };
  timer = timers.setTimeout(refresh, LEASE_REFRESH_MS);
  return {
    path,
    owner,
    advertise(server) {
      owner.server = server;
      rewrite();
    },
    shareWith(child) {
      owner.child = child;
      const start = startTime(child);
      if (start !== undefined) owner.childStart = start;
      rewrite();
    },
    release() {
      if (released) return;
      released = true;
      timers.clearTimeout(timer);
      heldHere.delete(owner.id!);
      try {
        if (readOwner(path)?.id === owner.id) unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}

const UNKNOWN_HOLDER: LockOwner = { pid: 0, host: '?', what: 'another process', since: '?' };

/** The clock locks are judged and refreshed by, and the refresh's timers (a test's own: see LEASE_MS). */
export interface LockOptions {
  now?: () => number;
  timers?: TimerFunctions;
}

/** Node's timers, unref'd: a lease being refreshed keeps no process running. */
const LEASE_TIMERS: TimerFunctions = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Take the lock at `path` if it is free, or return who holds it. The file appears with its
 * content in one step (written to a temporary file, then hard-linked into place), so a
 * reader never sees a half-written owner. A lock whose holder is gone (isGone; or an
 * unreadable one older than 5 s) is taken over atomically (see takeOver).
 */
export function tryLock(path: string, what: string, options: LockOptions = {}): HeldLock | { heldBy: LockOwner } {
  const now = options.now ?? Date.now;
  // node:crypto is loaded here, not at start-up (~5 ms: every command reaches this module).
  const id = process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex');
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    what,
    since: new Date(now()).toISOString(),
    id,
    ...defined(selfIdentity()),
  };
  const temp = `${path}.${process.pid}.${id}`;
  writeNew(temp, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, path);
        return held(path, owner, options);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const before = snapshot(path);
      if (before === undefined) continue; // released meanwhile: try again
      const holder = readOwner(path);
      const stale = holder ? isGone(holder, safeMtime(path), now()) : now() - safeMtime(path) > 5_000;
      if (!stale) return { heldBy: holder ?? UNKNOWN_HOLDER };
      if (takeOver(path, before, owner)) return held(path, owner, options);
    }
    return { heldBy: readOwner(path) ?? UNKNOWN_HOLDER };
  } finally {
    unlinkSync(temp);
  }
}

/** The fields of `values` that are set (a lock file holds no `"boot": undefined`). */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
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
 * Who holds the lock at `path` now, read without taking it (a lock whose holder is gone holds
 * nothing); undefined when it is free.
 */
export function lockHolder(path: string, options: LockOptions = {}): LockOwner | undefined {
  const owner = readOwner(path);
  return !owner || isGone(owner, safeMtime(path), (options.now ?? Date.now)()) ? undefined : owner;
}
