import type { CollectionSpec, DocumentCollection, DocumentKey } from '@chat/readstore';

const keyOf = (value: unknown): string => String(value);

/**
 * A collection whose stored documents are never changed: reads hand out copies (a projection changes
 * what it read, then puts it back), so a copy of the key map is a snapshot that later events cannot
 * touch. Snapshots share every document they have in common; indexes are built when first used. The
 * key map itself is shared by a copy until either side writes (copy on write): a question answered
 * from a snapshot without a later event to apply copies nothing (copying every map of the bench's
 * organization was 5 ms per question at 2,000 users, in one stretch of the loop).
 */
export class HistoryCollection<T extends object> implements DocumentCollection<T> {
  private indexes: Map<string, Map<string, Set<string>>> | null = null;

  constructor(
    readonly spec: CollectionSpec,
    private docs: Map<string, T> = new Map(),
  ) {}

  /** Whether `docs` is shared with a copy (or the copy it came from): the first write copies it. */
  private shared = false;

  /** The stored documents themselves, for reading only. */
  stored(): IterableIterator<T> {
    return this.docs.values();
  }

  storedDoc(key: DocumentKey): T | undefined {
    return this.docs.get(keyOf(key));
  }

  /** A copy sharing every document: what a snapshot keeps. */
  copy(): HistoryCollection<T> {
    this.shared = true;
    const copy = new HistoryCollection<T>(this.spec, this.docs);
    copy.shared = true;
    return copy;
  }

  /** Before a write: a shared key map is copied first (this collection's indexes are its own and stay true). */
  private own(): void {
    if (!this.shared) return;
    this.docs = new Map(this.docs);
    this.shared = false;
  }

  async get(key: DocumentKey): Promise<T | undefined> {
    const doc = this.docs.get(keyOf(key));
    return doc === undefined ? undefined : structuredClone(doc);
  }

  async findOne(field: string, value: DocumentKey): Promise<T | undefined> {
    if (!(this.spec.uniqueFields ?? []).includes(field)) throw new Error(`${this.spec.name}: no unique index on ${field}`);
    const [key] = this.keysWith(field, value);
    return key === undefined ? undefined : this.get(key);
  }

  async findMany(field: string, value: DocumentKey): Promise<T[]> {
    if (!(this.spec.fields ?? []).includes(field)) throw new Error(`${this.spec.name}: no index on ${field}`);
    return [...this.keysWith(field, value)].map((key) => structuredClone(this.docs.get(key) as T));
  }

  async all(): Promise<T[]> {
    return [...this.docs.values()].map((doc) => structuredClone(doc));
  }

  async entries(): Promise<[string, T][]> {
    return [...this.docs].map(([key, doc]) => [key, structuredClone(doc)]);
  }

  async count(): Promise<number> {
    return this.docs.size;
  }

  async put(key: DocumentKey, doc: T): Promise<void> {
    this.own();
    const k = keyOf(key);
    this.unindex(k);
    // Handed over: projections put what they built or read (a copy), and do not touch it afterwards.
    this.docs.set(k, doc);
    this.index(k, doc);
  }

  async delete(key: DocumentKey): Promise<void> {
    this.own();
    const k = keyOf(key);
    this.unindex(k);
    this.docs.delete(k);
  }

  private keysWith(field: string, value: DocumentKey): Set<string> {
    return this.built().get(field)?.get(keyOf(value)) ?? new Set();
  }

  private built(): Map<string, Map<string, Set<string>>> {
    if (this.indexes) return this.indexes;
    this.indexes = new Map([...(this.spec.uniqueFields ?? []), ...(this.spec.fields ?? [])].map((field) => [field, new Map()]));
    for (const [key, doc] of this.docs) this.index(key, doc);
    return this.indexes;
  }

  private index(key: string, doc: T): void {
    if (!this.indexes) return;
    for (const [field, index] of this.indexes) {
      const value = (doc as Record<string, unknown>)[field];
      if (value === undefined || value === null) continue;
      let keys = index.get(keyOf(value));
      if (!keys) index.set(keyOf(value), (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string): void {
    const doc = this.docs.get(key);
    if (!this.indexes || doc === undefined) return;
    for (const [field, index] of this.indexes) {
      const value = (doc as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) index.get(keyOf(value))?.delete(key);
    }
  }
}
