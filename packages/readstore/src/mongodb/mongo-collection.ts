import { type Collection, type Document, MongoServerError } from 'mongodb';
import type { CollectionSpec, DocumentCollection, DocumentKey } from '../read-store.js';

/**
 * One read-model document as stored. The model's own document sits under `doc`, so none of its
 * fields can collide with the bookkeeping. `idx` holds String(value) of each indexed field (the
 * memory adapter also compares keys as strings), only for values that are not null, so documents
 * without a value never collide in a unique index. A delete leaves a tombstone: `_id` and `_pos`.
 */
export interface StoredDocument {
  _id: string;
  /** Log position of the event that wrote this version: replaying it or anything older is a no-op. */
  _pos: number;
  doc?: Document;
  idx?: Record<string, string>;
}

const DUPLICATE_KEY = 11000;
const LIVE = { doc: { $exists: true } } as const;
const MAX_WRITE_ATTEMPTS = 5;

function isDuplicateId(error: unknown): boolean {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const pattern: unknown = error.keyPattern;
  if (pattern && typeof pattern === 'object') return '_id' in pattern;
  return / index: _id_ /.test(error.message);
}

/** A read model in one MongoDB collection; every write is guarded by the position that caused it. */
export class MongoCollection<T extends object> implements DocumentCollection<T> {
  private ready: Promise<void> | null = null;
  private readonly indexed: readonly string[];

  constructor(
    readonly spec: CollectionSpec,
    private readonly collection: Collection<StoredDocument>,
  ) {
    this.indexed = [...(spec.uniqueFields ?? []), ...(spec.fields ?? [])];
  }

  async get(key: DocumentKey): Promise<T | undefined> {
    await this.indexes();
    const found = await this.collection.findOne({ _id: String(key), ...LIVE }, { projection: { doc: 1 } });
    return found?.doc as T | undefined;
  }

  async findOne(field: string, value: DocumentKey): Promise<T | undefined> {
    if (!this.spec.uniqueFields?.includes(field)) throw new Error(`${this.spec.name}: no unique index on ${field}`);
    await this.indexes();
    const found = await this.collection.findOne({ [`idx.${field}`]: String(value) }, { projection: { doc: 1 } });
    return found?.doc as T | undefined;
  }

  async findMany(field: string, value: DocumentKey): Promise<T[]> {
    if (!this.spec.fields?.includes(field)) throw new Error(`${this.spec.name}: no index on ${field}`);
    await this.indexes();
    const found = await this.collection.find({ [`idx.${field}`]: String(value) }, { projection: { doc: 1 } }).toArray();
    return found.map((stored) => stored.doc as T);
  }

  async all(): Promise<T[]> {
    await this.indexes();
    const found = await this.collection.find(LIVE, { projection: { doc: 1 } }).toArray();
    return found.map((stored) => stored.doc as T);
  }

  async entries(): Promise<[string, T][]> {
    await this.indexes();
    const found = await this.collection.find(LIVE, { projection: { doc: 1 } }).toArray();
    return found.map((stored) => [stored._id, stored.doc as T]);
  }

  async count(): Promise<number> {
    await this.indexes();
    return this.collection.countDocuments(LIVE);
  }

  async put(key: DocumentKey, doc: T, position: number): Promise<void> {
    const fields = doc as Record<string, unknown>;
    const idx: Record<string, string> = {};
    for (const field of this.indexed) {
      if (fields[field] !== undefined && fields[field] !== null) idx[field] = String(fields[field]);
    }
    await this.write(String(key), { _pos: position, doc: doc as Document, idx });
  }

  /**
   * Leaves a tombstone rather than removing the document: without it, replaying an older put for
   * this key would bring the document back, and its unique values could clash with their new owner.
   */
  async delete(key: DocumentKey, position: number): Promise<void> {
    await this.write(String(key), { _pos: position });
  }

  /** Forgets that indexes exist: the collection was dropped and recreates them at its next use. */
  reset(): void {
    this.ready = null;
  }

  private async write(id: string, replacement: Omit<StoredDocument, '_id'>): Promise<void> {
    await this.indexes();
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      try {
        // Matches only an older version; if none matches, the upsert inserts, and that insert
        // collides on _id exactly when a version at this position or later is already stored.
        await this.collection.replaceOne({ _id: id, _pos: { $lt: replacement._pos } }, replacement, { upsert: true });
        return;
      } catch (error) {
        if (!isDuplicateId(error)) throw error;
      }
      // Two first writes of one key can race; only a stored version at least as new ends the write.
      const current = await this.collection.findOne({ _id: id }, { projection: { _pos: 1 } });
      if (current && current._pos >= replacement._pos) return;
    }
    throw new Error(`${this.spec.name}: could not write ${id} at position ${replacement._pos}`);
  }

  private indexes(): Promise<void> {
    this.ready ??= this.createIndexes().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async createIndexes(): Promise<void> {
    for (const field of this.spec.uniqueFields ?? []) {
      const path = `idx.${field}`;
      await this.collection.createIndex({ [path]: 1 }, { unique: true, partialFilterExpression: { [path]: { $exists: true } } });
    }
    for (const field of this.spec.fields ?? []) await this.collection.createIndex({ [`idx.${field}`]: 1 });
  }
}
