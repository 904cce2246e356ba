import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { LARGE, wordSum } from './word-sum';

/*
 * The files of mon's caches, as written and read: a header mon writes (a marker naming the
 * kind of file, then the checksum of what follows (word-sum.ts) and its length), then the
 * payload. A file whose header or checksum does not match is damaged (a flipped bit, a torn
 * copy): its payload is never used (a damaged V8 code cache crashes V8; one that an earlier
 * build checked by its CRC-32 reads as damaged, and is written again). Only a file that starts
 * with a header mon writes (giving the file's length), under a name mon gives its files, is
 * ever removed: a directory may hold other files.
 */

/** What a file holds (a V8 code cache, a kept output, the marker of a run using code caches): named by its header. */
export type Kind = 'code' | 'output' | 'run';

/** Each kind's marker: 13 or 17 characters, so that a payload starts on a whole 32-bit word (wordSum). */
const MARKERS: Record<Kind, string> = { code: 'mon code cache v1', output: 'mon output v1', run: 'mon in use v1' };

/** The header: `<marker> <checksum, 8 hex digits> <length, 8 hex digits>\n`. */
const headerLength = (kind: Kind) => MARKERS[kind].length + 19;
const HEX8 = /^[0-9a-f]{8}$/;
const hex8 = (value: number) => value.toString(16).padStart(8, '0');

/**
 * The checksum of a kind's payload. A code cache is summed in WebAssembly at any size: a run
 * that reads one reads the bundle's (hundreds of KB) too, which compiles the module anyway,
 * and the launch's (~30 KB) in JavaScript cost ~1 M instructions more, and a scavenge (each
 * step a number the interpreter allocates).
 */
const sum = (kind: Kind, payload: Uint8Array) => wordSum(payload, kind === 'code' ? 0 : LARGE);

/** `payload` with its header, as the file holds it. */
export function seal(kind: Kind, payload: Uint8Array): Buffer {
  const header = `${MARKERS[kind]} ${hex8(sum(kind, payload))} ${hex8(payload.length)}\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), payload]);
}

/** The checksum and length a header gives, or undefined when `data` does not start with a header of this kind. */
function header(kind: Kind, data: Buffer): { sum: number; size: number } | undefined {
  const marker = MARKERS[kind];
  const length = headerLength(kind);
  if (data.length < length || data.toString('latin1', 0, marker.length + 1) !== `${marker} `) return undefined;
  const sum = data.toString('latin1', marker.length + 1, marker.length + 9);
  const size = data.toString('latin1', marker.length + 10, marker.length + 18);
  if (!HEX8.test(sum) || !HEX8.test(size) || data[length - 10] !== 0x20 || data[length - 1] !== 0x0a) return undefined;
  return { sum: parseInt(sum, 16), size: parseInt(size, 16) };
}

/** The payload of a file's bytes, or undefined when they are not a whole, undamaged file of this kind. */
export function unseal(kind: Kind, data: Buffer): Buffer | undefined {
  const given = header(kind, data);
  const payload = data.subarray(headerLength(kind));
  if (given === undefined || payload.length !== given.size || sum(kind, payload) !== given.sum) return undefined;
  return payload;
}

/** Opens a file for reading: never through a symbolic link, never waiting on a FIFO (O_NONBLOCK). */
function openToRead(file: string): number {
  return openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
}

/**
 * The bytes of `file` when it is a regular file (not a link, a FIFO or a device), or undefined
 * when there is none (or it cannot be read). A sealed file's payload starts on a multiple of 8
 * bytes of its buffer: V8 copies a code cache that does not (~100 page faults for a 400 KB cache).
 */
export function readRegular(file: string, kind?: Kind): Buffer | undefined {
  let fd: number;
  try {
    fd = openToRead(file);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const skip = kind === undefined ? 0 : -headerLength(kind) & 7;
    const bytes = readWhole(fd, stat.size, skip);
    return bytes && bytes.subarray(skip);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The `size` bytes of the file open as `fd`, read into a new buffer at `start` (the bytes before
 * it are the caller's), or undefined when the file's size changed meanwhile. One allocation
 * of the right size: fs.readFileSync(path, 'utf8') on Node.js 20 grows a string as it reads,
 * touching three times the file's size in memory.
 */
export function readWhole(fd: number, size: number, start = 0, end = 0): Buffer | undefined {
  const buffer = Buffer.allocUnsafeSlow(start + size + end);
  let read = 0;
  while (read < size) {
    const count = readSync(fd, buffer, start + read, size - read, read);
    if (count === 0) return undefined;
    read += count;
  }
  // One byte more means the file grew.
  return readSync(fd, Buffer.allocUnsafe(1), 0, 1, size) === 0 ? buffer : undefined;
}

/**
 * Did mon write `file` as a file of this kind? A regular file (not a link, a FIFO or a device)
 * that starts with a header of this kind giving its length: a damaged payload is still mon's.
 */
export function isSealed(kind: Kind, file: string): boolean {
  let fd: number | undefined;
  try {
    if (!lstatSync(file).isFile()) return false;
    fd = openToRead(file);
    const stat = fstatSync(fd);
    const start = Buffer.alloc(headerLength(kind));
    if (!stat.isFile() || readSync(fd, start, 0, start.length, 0) !== start.length) return false;
    return header(kind, start)?.size === stat.size - start.length;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Removes `file` when it is there; throws when it cannot. One system call: fs.rmSync, which does
 * the same for a file, loads a module of its own on Node.js 20 (~1.9 M instructions on every run
 * that removes the marker of a run using code caches).
 */
export function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Removes `dir/name` when mon wrote it (its marker); anything else there stays. */
export function removeSealed(kind: Kind, dir: string, name: string): void {
  const file = join(dir, name);
  if (isSealed(kind, file)) removeFile(file);
}

/**
 * Writes `payload`, sealed, to `dir/name` whole or not at all (a full disk leaves no
 * half-written file behind), readable by its owner only. Throws when it cannot.
 */
export function writeSealed(kind: Kind, dir: string, name: string, payload: Uint8Array): void {
  const temp = join(dir, `${name}.${process.pid}.tmp`);
  try {
    // 'wx': a new file, never one that is there already (nor what a link there points to).
    removeFile(temp);
    writeFileSync(temp, seal(kind, payload), { mode: 0o600, flag: 'wx' });
    renameSync(temp, join(dir, name));
  } catch (error) {
    removeFile(temp);
    throw error;
  }
}
