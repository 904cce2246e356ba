import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { FileTooLargeError, NotAFileError, readOwnFile, readOwnFileStart, writeTarget } from '../config/files';
import { ownedByAnother, pathHint, pathProblem } from '../config/paths';
import { CliError } from '../errors';
import { errorWords } from '../text/codes';
import { DATA_FILE_MAX_BYTES } from './limits';

/*
 * The sandbox's data file: an append-only journal of JSON lines, {"format":"mon-sandbox",
 * "version":1} first. What a line says is the store's business (store.ts); this file makes
 * each one durable.
 *
 * Durability: a line is written whole (a short write is continued; a failed one is cut off
 * the file again) before the store applies it in memory, so memory never holds what the
 * file does not. `sync()` is one flush (fdatasync) for every line written since the
 * previous one, so changes that arrive together share it (group commit): the server
 * answers only after it, and "acknowledged" means "on disk". A torn last line (the process
 * died mid-write) is dropped when the file is read back.
 */

const HEADER = { format: 'mon-sandbox', version: 1 };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The fix that always works, whichever command opened the file. */
const ELSEWHERE = 'use another data file (`mon sandbox --data FILE`, or MON_DATA_DIR for `mon --sandbox`)';

/** How the journal writes: fs.writeSync's shape (bytes written, perhaps fewer than asked). */
export type WriteFunction = (fd: number, buffer: Buffer, offset: number, length: number) => number;
/** How the journal is flushed to the disk: fs.fdatasync's shape. */
export type SyncFunction = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export interface JournalOptions {
  /** Tests only: a write function that fails or writes short, instead of filling a disk. */
  write?: WriteFunction;
  /** Tests only: a flush that fails. */
  sync?: SyncFunction;
  /** Tests only: a smaller bound than DATA_FILE_MAX_BYTES. */
  maxBytes?: number;
}

/**
 * A change that did not reach the disk: it was not applied in memory either. `code` is the
 * system's (ENOSPC when the disk is full). `fatal` when the file may now differ from memory
 * (a failed flush, or a torn write that could not be cut off): the store takes no more
 * changes and the sandbox must be restarted, which reads the file back.
 */
export class JournalError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fatal: boolean,
  ) {
    super(message);
    this.name = 'JournalError';
  }
}

function isHeader(line: string | undefined): boolean {
  try {
    return (JSON.parse(line ?? '') as { format?: unknown } | null)?.format === HEADER.format;
  } catch {
    return false;
  }
}

/** A data file that could not be read or written: its path, why, and what to do (rethrown as is when not about the path). */
export function cannotUse(what: 'read' | 'write', file: string, error: unknown): unknown {
  if (error instanceof NotAFileError) {
    return new CliError(
      'failure',
      `The sandbox data file ${file} is ${error.kind}, not a regular file: mon neither reads it nor replaces it.`,
      `${capitalized(ELSEWHERE)}.`,
    );
  }
  if (error instanceof FileTooLargeError) {
    return new CliError(
      'failure',
      `The sandbox data file ${file} is larger than ${DATA_FILE_MAX_BYTES / 1024 / 1024} MiB, the most mon reads of one: it was left untouched.`,
      `Move it aside (\`mon sandbox reset\` starts afresh), or ${ELSEWHERE}.`,
    );
  }
  const why = pathProblem(error, file);
  if (!why) return error;
  return new CliError(
    'failure',
    `Cannot ${what} the sandbox data file ${file}: ${why}.`,
    pathHint(error, file, ELSEWHERE, what === 'read'),
  );
}

/** Whether `file` starts as a sandbox journal does; undefined when there is no such file (or it is empty). */
export function isJournal(file: string): boolean | undefined {
  let head: string | undefined;
  try {
    head = readOwnFileStart(file, 256);
  } catch (error) {
    throw cannotUse('read', file, error);
  }
  if (!head) return undefined;
  return isHeader(head.split('\n')[0]);
}

/** What a journal holds: its lines after the header, parsed, and what reading it found. */
export interface JournalContent {
  entries: Record<string, unknown>[];
  /** There was no file, or an empty one (made by `touch`): it is to be started afresh. */
  created: boolean;
  /** The last line was cut short (the process died while writing it): it was left out. */
  droppedTornTail: boolean;
}

/**
 * The journal's lines, read without changing the file. A file another user owns, one that
 * is not a journal, and a damaged line other than the last are refused, naming the file.
 */
export function readJournal(file: string, options: Pick<JournalOptions, 'maxBytes'> = {}): JournalContent {
  // It holds the sandbox's key: a file another user owns (and can read, or fill) is not used.
  const owner = ownedByAnother(file);
  if (owner !== undefined) {
    throw new CliError(
      'failure',
      `The sandbox data file ${file} belongs to another user (uid ${owner}): mon neither reads nor writes it, since that user could read the sandbox's key in it, or change its data.`,
      `If it is yours, take it back (chown "$(id -u)" '${file}'); otherwise move it aside, or ${ELSEWHERE}.`,
    );
  }
  let text: string;
  try {
    text = readOwnFile(file, options.maxBytes ?? DATA_FILE_MAX_BYTES) ?? '';
  } catch (error) {
    throw cannotUse('read', file, error);
  }
  const content: JournalContent = { entries: [], created: text === '', droppedTornTail: false };
  const lines = text.split('\n');
  // Whatever follows the last newline was being written when the process died.
  const tail = lines.pop() ?? '';
  // The first line is written whole (a new file appears by rename): without it, the file is not ours.
  if (!content.created && !isHeader(lines[0])) {
    throw new CliError(
      'failure',
      `${file} is not a mon sandbox data file (its first line is not the sandbox's); it was left untouched.`,
      `Move it aside, or ${ELSEWHERE}.`,
    );
  }
  if (tail.trim() !== '') content.droppedTornTail = true;
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === '') return;
    try {
      content.entries.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      if (index === lines.length - 1) {
        // A last line cut short with its newline already written: also a torn tail.
        content.droppedTornTail = true;
        return;
      }
      throw new CliError(
        'failure',
        `The sandbox data file ${file} is damaged at line ${index + 1} (not JSON); it was left untouched.`,
        `Repair or remove that line, move the file aside to start afresh, or ${ELSEWHERE}.`,
      );
    }
  });
  return content;
}

const writeAll: WriteFunction = (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length);

/** The journal open for appending. */
export class Journal {
  private fd: number | undefined;
  /** The file's length: where a failed write is cut back to. */
  private length = 0;
  /** Lines written (a counter), and how many of them the last completed flush covers. */
  private written = 0;
  private synced = 0;
  private flushing: Promise<void> | undefined;
  /** Set when the file may differ from memory: nothing more is written or acknowledged. */
  private broken: JournalError | undefined;
  private readonly write: WriteFunction;
  private readonly flush: SyncFunction;

  constructor(
    readonly file: string,
    options: JournalOptions = {},
  ) {
    this.write = options.write ?? writeAll;
    this.flush = options.sync ?? fdatasync;
  }

  /** The failure that stopped the journal, if one did. */
  get failure(): JournalError | undefined {
    return this.broken;
  }

  /** Appends after what the file holds. */
  openForAppend(): void {
    this.fd = openSync(this.file, 'a', 0o600);
    this.length = fstatSync(this.fd).size;
  }

  /**
   * Replaces the file with the header and `entries` only (a temporary file, flushed, then
   * renamed over it), and appends after them from now on. On failure the file is as it was.
   */
  rewrite(entries: Iterable<object>): void {
    // A symlinked data file is written through: the file it points to is replaced, the link stays.
    const file = writeTarget(this.file);
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      const chunks: string[] = [`${JSON.stringify(HEADER)}\n`];
      for (const entry of entries) {
        chunks.push(`${JSON.stringify(entry)}\n`);
        if (chunks.length >= 1000) this.writeWhole(fd, chunks.splice(0).join(''));
      }
      this.writeWhole(fd, chunks.join(''));
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      try {
        unlinkSync(temp);
      } catch {
        // Already gone.
      }
      throw error;
    }
    closeSync(fd);
    renameSync(temp, file);
    // The rename itself is on disk once the directory is flushed.
    try {
      const dir = openSync(dirname(file), 'r');
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
    } catch {
      // Some systems cannot flush a directory; the rename is still atomic.
    }
    this.openForAppend();
  }

  /** One whole line, or nothing: a short write is continued, a failed one cut off again. */
  append(entry: object): void {
    if (this.broken) throw this.broken;
    if (this.fd === undefined) throw new Error('the sandbox store is closed');
    const line = `${JSON.stringify(entry)}\n`;
    try {
      this.writeWhole(this.fd, line);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      // Cut off whatever part of the line reached the file: the next line starts clean.
      let fatal = false;
      try {
        ftruncateSync(this.fd, this.length);
      } catch {
        fatal = true;
      }
      const failure = new JournalError(`could not write to ${this.file} (${errorWords(error, code)})`, code, fatal);
      if (fatal) this.broken = failure;
      throw failure;
    }
    this.length += Buffer.byteLength(line);
    this.written++;
  }

  /**
   * Resolves once every line written so far is on disk (one flush for all of them, shared
   * with the callers that wait at the same time); rejects with a fatal JournalError when
   * the flush fails.
   */
  async sync(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      if (this.broken) throw this.broken;
      if (!this.flushing) {
        const fd = this.fd;
        if (fd === undefined) throw new JournalError('the sandbox store is closed', 'EBADF', true);
        const upTo = this.written;
        this.flushing = new Promise<void>((resolve, reject) => {
          this.flush(fd, (error) => {
            this.flushing = undefined;
            if (error) {
              this.broken ??= new JournalError(
                `could not flush ${this.file} to the disk (${errorWords(error)})`,
                error.code ?? 'EIO',
                true,
              );
              reject(this.broken);
            } else {
              this.synced = Math.max(this.synced, upTo);
              resolve();
            }
          });
        });
      }
      await this.flushing;
    }
  }

  close(): void {
    if (this.fd !== undefined) {
      try {
        if (this.synced < this.written && !this.broken) fdatasyncSync(this.fd);
      } finally {
        closeSync(this.fd);
      }
    }
    this.fd = undefined;
  }

  /** Writes all of `text` (a short write is continued), or throws. */
  private writeWhole(fd: number, text: string): void {
    const bytes = Buffer.from(text);
    let done = 0;
    let idle = 0;
    while (done < bytes.length) {
      const wrote = this.write(fd, bytes, done, bytes.length - done);
      if (wrote > 0) {
        done += wrote;
        idle = 0;
      } else if (++idle >= 3) {
        throw Object.assign(new Error(`could not write to ${this.file}: the disk took no bytes`), { code: 'EIO' });
      }
    }
  }
}
