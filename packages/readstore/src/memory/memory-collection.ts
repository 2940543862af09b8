import type { CollectionSpec, DocumentCollection, DocumentKey } from '../read-store.js';

const keyOf = (value: unknown): string => String(value);

/** Plain maps with one map per indexed field: lookups cost a hash probe. */
export class MemoryCollection<T extends object> implements DocumentCollection<T> {
  private readonly docs = new Map<string, T>();
  private readonly unique = new Map<string, Map<string, string>>();
  private readonly multi = new Map<string, Map<string, Set<string>>>();

  constructor(readonly spec: CollectionSpec) {
    for (const field of spec.uniqueFields ?? []) this.unique.set(field, new Map());
    for (const field of spec.fields ?? []) this.multi.set(field, new Map());
  }

  async get(key: DocumentKey): Promise<T | undefined> {
    return this.docs.get(keyOf(key));
  }

  async findOne(field: string, value: DocumentKey): Promise<T | undefined> {
    const index = this.unique.get(field);
    if (!index) throw new Error(`${this.spec.name}: no unique index on ${field}`);
    const key = index.get(keyOf(value));
    return key === undefined ? undefined : this.docs.get(key);
  }

  async findMany(field: string, value: DocumentKey): Promise<T[]> {
    const index = this.multi.get(field);
    if (!index) throw new Error(`${this.spec.name}: no index on ${field}`);
    const keys = index.get(keyOf(value));
    return keys ? [...keys].map((key) => this.docs.get(key) as T) : [];
  }

  async all(): Promise<T[]> {
    return [...this.docs.values()];
  }

  async entries(): Promise<[string, T][]> {
    return [...this.docs];
  }

  async count(): Promise<number> {
    return this.docs.size;
  }

  async put(key: DocumentKey, doc: T): Promise<void> {
    this.set(keyOf(key), doc);
  }

  /** The documents as JSON text, taken at once (a projection may change a stored document in place later). */
  image(): string {
    const codec = this.spec.snapshot;
    if (!codec) return JSON.stringify([...this.docs]);
    return JSON.stringify(Array.from(this.docs, ([k, doc]) => [k, codec.write(doc)]));
  }

  /** Takes over documents saved by `image`, indexing them again. */
  restore(entries: readonly [string, T][]): void {
    this.clear();
    const codec = this.spec.snapshot;
    for (const [k, doc] of entries) this.set(k, codec ? (codec.read(doc) as T) : doc);
  }

  private set(k: string, doc: T): void {
    this.unindex(k);
    this.docs.set(k, doc);
    const fields = doc as Record<string, unknown>;
    for (const [field, index] of this.unique) {
      if (fields[field] !== undefined && fields[field] !== null) index.set(keyOf(fields[field]), k);
    }
    for (const [field, index] of this.multi) {
      if (fields[field] === undefined || fields[field] === null) continue;
      const value = keyOf(fields[field]);
      let keys = index.get(value);
      if (!keys) index.set(value, (keys = new Set()));
      keys.add(k);
    }
  }

  async delete(key: DocumentKey): Promise<void> {
    const k = keyOf(key);
    this.unindex(k);
    this.docs.delete(k);
  }

  clear(): void {
    this.docs.clear();
    for (const index of this.unique.values()) index.clear();
    for (const index of this.multi.values()) index.clear();
  }

  private unindex(k: string): void {
    const old = this.docs.get(k) as Record<string, unknown> | undefined;
    if (!old) return;
    for (const [field, index] of this.unique) {
      const value = keyOf(old[field]);
      if (index.get(value) === k) index.delete(value);
    }
    for (const [field, index] of this.multi) {
      const keys = index.get(keyOf(old[field]));
      keys?.delete(k);
      if (keys && keys.size === 0) index.delete(keyOf(old[field]));
    }
  }
}
