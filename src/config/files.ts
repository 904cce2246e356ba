import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  statSync,
  type Stats,
} from 'node:fs';
import { dirname, resolve } from 'node:path';

/*
 * The files mon keeps for itself (the config file, a sandbox data file) are regular files.
 * Whatever else stands at their path (a device such as /dev/null or /dev/zero, a FIFO, a
 * socket) is never read (a FIFO would block, /dev/zero never ends) nor replaced (a write
 * renames a new file over the path: as root, over /dev/null). A symlink is followed: the file
 * it points to is read, and written in its own directory, so the link stays a link.
 */

/** What stands at a path when it is neither a regular file nor a directory, in words; undefined otherwise. */
export function specialKind(stats: Stats): string | undefined {
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  return undefined;
}

/** A path that is a device, a FIFO or a socket, where mon keeps a file of its own. */
export class NotAFileError extends Error {
  readonly code = 'ENOTREG';
  constructor(
    readonly path: string,
    /** "a character device", ... (specialKind). */
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file`);
    this.name = 'NotAFileError';
  }
}

/** A file of mon's that is larger than mon reads of it. */
export class FileTooLargeError extends Error {
  readonly code = 'EFBIG';
  constructor(
    readonly path: string,
    readonly maxBytes: number,
  ) {
    super(`${path} is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** Throws NotAFileError when `path` (followed through symlinks) is a device, a FIFO or a socket; nothing is opened. */
export function refuseSpecial(path: string): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    // Nothing there (or nothing that can be looked at): the caller's own reading says so.
    return;
  }
  const kind = specialKind(stats);
  if (kind) throw new NotAFileError(path, kind);
}

/**
 * One of mon's files, open for reading, or undefined when there is none. Opened without
 * blocking (a FIFO put there after a check never stalls the open) and checked on the open
 * descriptor: a device, a FIFO or a socket is NotAFileError, before a byte is read. Other
 * failures are the system's (EACCES, EISDIR...).
 */
function openOwn(path: string): { fd: number; size: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // A socket cannot be opened at all.
    if (code === 'ENXIO' || code === 'EOPNOTSUPP') refuseSpecial(path);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const kind = specialKind(stats);
    if (kind) throw new NotAFileError(path, kind);
    if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: 'EISDIR', path });
    return { fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Reads from `fd` until its end or `limit` bytes, whichever is first. */
function readUpTo(fd: number, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < limit) {
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, limit - size));
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    size += read;
  }
  return Buffer.concat(chunks, size);
}

/**
 * The text of one of mon's files (see openOwn), at most `maxBytes` read: FileTooLargeError
 * past them; undefined when there is none.
 */
export function readOwnFile(path: string, maxBytes: number): string | undefined {
  const file = openOwn(path);
  if (!file) return undefined;
  try {
    if (file.size > maxBytes) throw new FileTooLargeError(path, maxBytes);
    // Read to the end, whatever the size said (a file may grow), but never past the bound.
    const bytes = readUpTo(file.fd, maxBytes + 1);
    if (bytes.length > maxBytes) throw new FileTooLargeError(path, maxBytes);
    return bytes.toString('utf8');
  } finally {
    closeSync(file.fd);
  }
}

/** The first `bytes` bytes of one of mon's files (see openOwn), as text; undefined when there is none. */
export function readOwnFileStart(path: string, bytes: number): string | undefined {
  const file = openOwn(path);
  if (!file) return undefined;
  try {
    return readUpTo(file.fd, bytes).toString('utf8');
  } finally {
    closeSync(file.fd);
  }
}

/**
 * The path a write of `path` replaces: `path` itself, or the file its symlink (chain) points
 * to, even one not made yet. The new file is renamed over that one, in its own directory,
 * and the link stays a link. A device, a FIFO or a socket there is NotAFileError.
 */
export function writeTarget(path: string): string {
  let at = resolve(path);
  for (let hops = 0; ; hops++) {
    let stats: Stats;
    try {
      stats = lstatSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return at;
      throw error;
    }
    if (!stats.isSymbolicLink()) {
      const kind = specialKind(stats);
      if (kind) throw new NotAFileError(path, kind);
      return at;
    }
    if (hops >= 40) throw Object.assign(new Error(`ELOOP: ${path}`), { code: 'ELOOP', path });
    at = resolve(dirname(at), readlinkSync(at));
  }
}
