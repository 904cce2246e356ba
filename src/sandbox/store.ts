import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { ownedByAnother, pathHint, pathProblem } from '../config/paths';
import { CliError } from '../errors';
import { errorWords } from '../text/codes';

/** The fix that always works, whichever command opened the file. */
const ELSEWHERE = 'use another data file (`mon sandbox --data FILE`, or MON_DATA_DIR for `mon --sandbox`)';

function isHeader(line: string | undefined): boolean {
  try {
    return (JSON.parse(line ?? '') as { format?: unknown } | null)?.format === 'mon-sandbox';
  } catch {
    return false;
  }
}

/** A data file that could not be read or written: its path, why, and what to do (rethrown as is when not about the path). */
function cannotUse(what: 'read' | 'write', file: string, error: unknown, reading: boolean): unknown {
  const why = pathProblem(error, file);
  if (!why) return error;
  return new CliError(
    'failure',
    `Cannot ${what} the sandbox data file ${file}: ${why}.`,
    pathHint(error, file, ELSEWHERE, reading),
  );
}

/** How the journal writes: fs.writeSync's shape (bytes written, perhaps fewer than asked). */
export type WriteFunction = (fd: number, buffer: Buffer, offset: number, length: number) => number;
/** How the journal is flushed to the disk: fs.fdatasync's shape. */
export type SyncFunction = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export interface StoreOptions {
  /** Tests only: a write function that fails or writes short, instead of filling a disk. */
  write?: WriteFunction;
  /** Tests only: a flush that fails. */
  sync?: SyncFunction;
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

const writeAll: WriteFunction = (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length);

/**
 * The sandbox's data: named collections of documents with an `id`, kept in memory and
 * persisted to an append-only journal of JSON lines. Every change is appended (one write
 * per change, before the HTTP response goes out), so an acknowledged write survives a
 * kill -9; the cost of a write does not grow with the data. On open the journal is read
 * (a torn last line is dropped) and, when it has a torn tail or is mostly superseded lines,
 * compacted: rewritten to a temporary file that then replaces it.
 *
 * Journal lines: {"format":"mon-sandbox","version":1} first, then
 * {"c":"incidents","put":{...doc}} | {"c":"incidents","del":"<id>"} | {"meta":"key","value":...}
 *
 * Durability: a change is written whole (a short write is continued; a failed one is cut
 * off the file again) before it is applied in memory, so memory never holds what the file
 * does not. The server answers only after `sync()`: one flush (fdatasync) covers every
 * change written since the previous one, so changes that arrive together share it (group
 * commit) and "acknowledged" still means "on disk".
 */
export class Store {
  private readonly collections = new Map<string, Collection<{ id: string }>>();
  private readonly metadata = new Map<string, unknown>();
  private fd: number | undefined;
  /** The journal's length: where a failed write is cut back to. */
  private length = 0;
  /** Changes written (a counter), and how many of them the last completed flush covers. */
  private written = 0;
  private synced = 0;
  private flushing: Promise<void> | undefined;
  /** Set when the file may differ from memory: nothing more is written or acknowledged. */
  private broken: JournalError | undefined;
  private readonly write: WriteFunction;
  private readonly flush: SyncFunction;
  /** What opening found and did, for the banner and tests. */
  readonly report = { created: false, droppedTornTail: false, compacted: false };

  private constructor(
    readonly file: string | undefined,
    options: StoreOptions = {},
  ) {
    this.write = options.write ?? writeAll;
    this.flush = options.sync ?? fdatasync;
  }

  /** An in-memory store (tests, or `--data` not given where persistence is not wanted). */
  static memory(): Store {
    return new Store(undefined);
  }

  static open(file: string, options: StoreOptions = {}): Store {
    const store = new Store(file, options);
    store.load();
    return store;
  }

  /**
   * The journal's content, read without changing the file or locking it (`mon sandbox
   * info` beside a running sandbox). The store takes no changes. A missing file is empty.
   */
  static read(file: string): Store {
    const store = new Store(file);
    store.load(true);
    return store;
  }

  /** Whether `file` starts as a sandbox journal does; undefined when there is no such file (or it is empty). */
  static isJournal(file: string): boolean | undefined {
    let head: string;
    try {
      const fd = openSync(file, 'r');
      try {
        const buffer = Buffer.alloc(256);
        head = buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw cannotUse('read', file, error, true);
    }
    if (head === '') return undefined;
    return isHeader(head.split('\n')[0]);
  }

  /**
   * Replaces the journal with what `fill` puts into an empty store, as one step: the new
   * journal is written to a temporary file, flushed, and renamed over the old one.
   */
  static replace(file: string, fill: (store: Store) => void): void {
    const building = new Store(undefined);
    fill(building);
    const store = new Store(file);
    for (const [key, value] of building.metadata) store.metadata.set(key, value);
    for (const [name, collection] of building.collections) store.collections.set(name, collection);
    store.compact();
    store.close();
  }

  /** The failure that stopped the store, if one did (every request is then answered 500). */
  get failure(): JournalError | undefined {
    return this.broken;
  }

  collection<T extends { id: string }>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new Collection<{ id: string }>(name, (line) => this.append(line));
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  meta<T>(key: string): T | undefined {
    return this.metadata.get(key) as T | undefined;
  }

  /** Persisted first, then applied (like every change). */
  setMeta(key: string, value: unknown): void {
    this.append({ meta: key, value });
    this.metadata.set(key, value);
  }

  /**
   * Resolves once every change written so far is on disk (one flush for all of them, shared
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

  /** One whole line, or nothing: a short write is continued, a failed one cut off again. */
  private append(entry: object): void {
    if (!this.file) return;
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

  private load(readOnly = false): void {
    const file = this.file!;
    // It holds the sandbox's key: a file another user owns (and can read, or fill) is not used.
    const owner = ownedByAnother(file);
    if (owner !== undefined) {
      throw new CliError(
        'failure',
        `The sandbox data file ${file} belongs to another user (uid ${owner}): mon neither reads nor writes it, since that user could read the sandbox's key in it, or change its data.`,
        `If it is yours, take it back (chown "$(id -u)" '${file}'); otherwise move it aside, or ${ELSEWHERE}.`,
      );
    }
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotUse('read', file, error, true);
    }
    // A new file, or an empty one (made by `touch`): start it afresh.
    if (text === '') this.report.created = true;
    const lines = text.split('\n');
    // Whatever follows the last newline was being written when the process died.
    const tail = lines.pop() ?? '';
    // The first line is written whole (a new file appears by rename): without it, the file is not ours.
    if (!this.report.created && !isHeader(lines[0])) {
      throw new CliError(
        'failure',
        `${file} is not a mon sandbox data file (its first line is not the sandbox's); it was left untouched.`,
        `Move it aside, or ${ELSEWHERE}.`,
      );
    }
    if (tail.trim() !== '') this.report.droppedTornTail = true;
    let count = 0;
    lines.forEach((line, index) => {
      if (index === 0 || line.trim() === '') return;
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        if (index === lines.length - 1) {
          // A last line cut short with its newline already written: also a torn tail.
          this.report.droppedTornTail = true;
          return;
        }
        throw new CliError(
          'failure',
          `The sandbox data file ${file} is damaged at line ${index + 1} (not JSON); it was left untouched.`,
          `Repair or remove that line, move the file aside to start afresh, or ${ELSEWHERE}.`,
        );
      }
      count++;
      this.apply(entry);
    });
    if (readOnly) return;
    const live = this.metadata.size + [...this.collections.values()].reduce((sum, c) => sum + c.size, 0);
    try {
      // Compact when the file is new, has a torn tail to cut off, or is mostly superseded lines.
      if (this.report.created || this.report.droppedTornTail || count - live > Math.max(1000, live)) {
        this.compact();
        this.report.compacted = true;
      } else {
        this.fd = openSync(file, 'a', 0o600);
        this.length = fstatSync(this.fd).size;
      }
    } catch (error) {
      throw cannotUse('write', file, error, false);
    }
  }

  private apply(entry: Record<string, unknown>): void {
    if (typeof entry.meta === 'string') {
      this.metadata.set(entry.meta, entry.value);
      return;
    }
    const collection = this.collection(String(entry.c));
    if (entry.put && typeof entry.put === 'object') collection.restore(entry.put as { id: string });
    else if (typeof entry.del === 'string') collection.forget(entry.del);
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

  /** Rewrites the journal as the current state only (temp file, fsync, rename). */
  private compact(): void {
    const file = this.file!;
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      const chunks: string[] = [`${JSON.stringify({ format: 'mon-sandbox', version: 1 })}\n`];
      for (const [key, value] of this.metadata) chunks.push(`${JSON.stringify({ meta: key, value })}\n`);
      for (const collection of this.collections.values()) {
        for (const doc of collection.values()) {
          chunks.push(`${JSON.stringify({ c: collection.name, put: doc })}\n`);
          if (chunks.length >= 1000) this.writeWhole(fd, chunks.splice(0).join(''));
        }
      }
      this.writeWhole(fd, chunks.join(''));
      fsyncSync(fd);
    } catch (error) {
      // The journal in place is left as it was.
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
    this.fd = openSync(file, 'a', 0o600);
    this.length = fstatSync(this.fd).size;
  }
}

/** Documents in creation order, with O(1) lookup of an ID's position (for nextId paging). */
export class Collection<T extends { id: string }> {
  private readonly docs = new Map<string, T>();
  private order: string[] = [];
  private positions = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly journal: (entry: object) => void,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  get(id: string): T | undefined {
    return this.docs.get(id);
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** All documents, oldest first. */
  values(): T[] {
    return this.order.map((id) => this.docs.get(id)!);
  }

  /** Insert or replace (a replaced document keeps its place). Persisted before returning. */
  put(doc: T): T {
    this.journal({ c: this.name, put: doc });
    this.restore(doc);
    return doc;
  }

  delete(id: string): void {
    if (!this.docs.has(id)) return;
    this.journal({ c: this.name, del: id });
    this.forget(id);
  }

  /** Applies a journal entry without writing it again. */
  restore(doc: T): void {
    if (!this.docs.has(doc.id)) {
      this.positions.set(doc.id, this.order.length);
      this.order.push(doc.id);
    }
    this.docs.set(doc.id, doc);
  }

  forget(id: string): void {
    if (!this.docs.delete(id)) return;
    this.order = this.order.filter((other) => other !== id);
    this.positions = new Map(this.order.map((other, index) => [other, index]));
  }

  /**
   * One page in either order. `nextId` is the ID of the first entry of the page asked for
   * (the previous page's `nextId`); undefined when it is not in the collection.
   */
  page(options: {
    limit: number;
    nextId?: string;
    newestFirst?: boolean;
  }): { entries: T[]; nextId: string | null } | undefined {
    const { limit, nextId, newestFirst = false } = options;
    const step = newestFirst ? -1 : 1;
    let start = newestFirst ? this.order.length - 1 : 0;
    if (nextId !== undefined) {
      const position = this.positions.get(nextId);
      if (position === undefined) return undefined;
      start = position;
    }
    const entries: T[] = [];
    let index = start;
    for (; index >= 0 && index < this.order.length && entries.length < limit; index += step) {
      entries.push(this.docs.get(this.order[index]!)!);
    }
    const following = index >= 0 && index < this.order.length ? this.order[index]! : null;
    return { entries, nextId: following };
  }
}
