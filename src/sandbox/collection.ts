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
