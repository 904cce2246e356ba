import { Collection } from './collection';
import { cannotUse, Journal, readJournal, type JournalError, type JournalOptions } from './journal';

/*
 * The sandbox's data: named collections of documents with an `id`, and a few metadata
 * values (the sandbox's key, the clock's offset), kept in memory and persisted to the
 * journal (journal.ts), one line per change, written before the change is applied:
 *
 *   {"c":"incidents","put":{...doc}} | {"c":"incidents","del":"<id>"} | {"meta":"key","value":...}
 *
 * The cost of a change does not grow with the data. On open the journal is read back and,
 * when it is new, has a torn tail or is mostly superseded lines, compacted: rewritten with
 * the current state only.
 */
export class Store {
  private readonly collections = new Map<string, Collection<{ id: string }>>();
  private readonly metadata = new Map<string, unknown>();
  /** What opening found and did, for the banner and tests. */
  readonly report = { created: false, droppedTornTail: false, compacted: false };

  /** `journal`: where changes are persisted (none: in memory only); `readOnly`: changes are refused. */
  private constructor(
    private readonly journal: Journal | undefined,
    private readonly readOnly = false,
  ) {}

  /** An in-memory store (tests, or `--data` not given where persistence is not wanted). */
  static memory(): Store {
    return new Store(undefined);
  }

  static open(file: string, options: JournalOptions = {}): Store {
    const content = readJournal(file, options);
    const store = new Store(new Journal(file, options));
    for (const entry of content.entries) store.apply(entry);
    store.report.created = content.created;
    store.report.droppedTornTail = content.droppedTornTail;
    const live = store.metadata.size + [...store.collections.values()].reduce((sum, c) => sum + c.size, 0);
    try {
      // Compact when the file is new, has a torn tail to cut off, or is mostly superseded lines.
      if (content.created || content.droppedTornTail || content.entries.length - live > Math.max(1000, live)) {
        store.journal!.rewrite(store.lines());
        store.report.compacted = true;
      } else {
        store.journal!.openForAppend();
      }
    } catch (error) {
      throw cannotUse('write', file, error);
    }
    return store;
  }

  /**
   * The journal's content, read without changing the file or locking it (`mon sandbox
   * info` beside a running sandbox). The store takes no changes. A missing file is empty.
   */
  static read(file: string): Store {
    const store = new Store(undefined, true);
    for (const entry of readJournal(file).entries) store.apply(entry);
    return store;
  }

  /**
   * Replaces the journal with what `fill` puts into an empty store, as one step: the new
   * journal is written to a temporary file, flushed, and renamed over the old one.
   */
  static replace(file: string, fill: (store: Store) => void): void {
    const building = new Store(undefined);
    fill(building);
    const journal = new Journal(file);
    journal.rewrite(building.lines());
    journal.close();
  }

  /** The failure that stopped the store, if one did (every request is then answered 500). */
  get failure(): JournalError | undefined {
    return this.journal?.failure;
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

  /** Resolves once every change so far is on disk (see Journal.sync). */
  async sync(): Promise<void> {
    await this.journal?.sync();
  }

  close(): void {
    this.journal?.close();
  }

  private append(entry: object): void {
    if (this.readOnly) throw new Error('the sandbox store was opened to be read only');
    this.journal?.append(entry);
  }

  /** A journal line, applied without writing it again. */
  private apply(entry: Record<string, unknown>): void {
    if (typeof entry.meta === 'string') {
      this.metadata.set(entry.meta, entry.value);
      return;
    }
    const collection = this.collection(String(entry.c));
    if (entry.put && typeof entry.put === 'object') collection.restore(entry.put as { id: string });
    else if (typeof entry.del === 'string') collection.forget(entry.del);
  }

  /** The current state as journal lines: the metadata, then every document. */
  private *lines(): Generator<object> {
    for (const [key, value] of this.metadata) yield { meta: key, value };
    for (const collection of this.collections.values()) {
      for (const doc of collection.values()) yield { c: collection.name, put: doc };
    }
  }
}
