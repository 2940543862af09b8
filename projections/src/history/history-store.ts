import { type CheckpointStore, type CollectionSpec, type DocumentCollection, MemoryMessageStore, type ReadStore } from '@chat/readstore';
import { HistoryCollection } from './history-collection.js';

class Checkpoints implements CheckpointStore {
  private readonly positions = new Map<string, number>();
  async get(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }
  async set(name: string, position: number): Promise<void> {
    this.positions.set(name, position);
  }
}

/** What a snapshot of a HistoryStore keeps: each collection's documents, shared with the store. */
export type HistoryImage = ReadonlyMap<string, HistoryCollection<object>>;

/**
 * The read store of a replay into the past (see OrganizationReplay): collections whose snapshots cost
 * a copy of their key maps, not of their documents. Messages are never replayed into it.
 */
export class HistoryStore implements ReadStore {
  readonly persistent = false;
  readonly shared = false;
  readonly checkpoints = new Checkpoints();
  readonly messages = new MemoryMessageStore();
  private readonly collections = new Map<string, HistoryCollection<object>>();

  constructor(image?: HistoryImage) {
    for (const [name, collection] of image ?? []) this.collections.set(name, collection.copy());
  }

  collection<T extends object>(spec: CollectionSpec): DocumentCollection<T> {
    return this.historyCollection<T>(spec);
  }

  /** The collection itself, for reading its stored documents without copies. */
  historyCollection<T extends object>(spec: CollectionSpec): HistoryCollection<T> {
    let existing = this.collections.get(spec.name);
    if (!existing) {
      existing = new HistoryCollection<object>(spec);
      this.collections.set(spec.name, existing);
    }
    return existing as unknown as HistoryCollection<T>;
  }

  /** A snapshot: later changes to this store do not reach it. */
  image(): HistoryImage {
    return new Map([...this.collections].map(([name, collection]) => [name, collection.copy()]));
  }

  async clear(): Promise<void> {
    this.collections.clear();
  }

  async close(): Promise<void> {}
}
