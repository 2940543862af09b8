import type { CheckpointStore, CollectionSpec, DocumentCollection, ReadStore } from '../read-store.js';
import { MemoryCollection } from './memory-collection.js';
import type { BodySource } from './messages/message-bodies.js';
import type { SavedMessages } from './messages/message-store-image.js';
import type { LoadedArray, SnapshotImage } from './snapshot/snapshot-image.js';

/** The JSON part of a memory read store's snapshot. */
export interface SavedReadStore {
  messages: SavedMessages;
  /** The collections saved, each as the array part `collection.<name>`. */
  collections: string[];
}
import { MemoryMessageStore } from './messages/memory-message-store.js';

class MemoryCheckpoints implements CheckpointStore {
  readonly positions = new Map<string, number>();
  async get(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }
  /** Never moves back, as in MongoDB (see MongoCheckpoints.set). */
  async set(name: string, position: number): Promise<void> {
    this.positions.set(name, Math.max(position, this.positions.get(name) ?? 0));
  }
}

/** The embedded default: everything in the process, rebuilt from the log at every start. */
export class MemoryReadStore implements ReadStore {
  readonly persistent = false;
  readonly shared = false;
  readonly checkpoints = new MemoryCheckpoints();
  readonly messages: MemoryMessageStore;
  private readonly collections = new Map<string, MemoryCollection<object>>();

  /** `bodies`: where message bodies are read from instead of kept in memory (the log; see MessageBodies). */
  constructor(options: { bodies?: BodySource } = {}) {
    this.messages = new MemoryMessageStore(options.bodies);
  }

  collection<T extends object>(spec: CollectionSpec): DocumentCollection<T> {
    let existing = this.collections.get(spec.name);
    if (!existing) {
      existing = new MemoryCollection<object>(spec);
      this.collections.set(spec.name, existing);
    }
    return existing as unknown as DocumentCollection<T>;
  }

  /**
   * Copies of every model as it stands, for a snapshot: documents as JSON text per collection, the
   * message store's tables. Called where no event is applied (the runner's `exclusive`).
   */
  image(): SnapshotImage<SavedReadStore> {
    const messages = this.messages.image();
    const texts: Record<string, Uint8Array> = {};
    for (const [name, collection] of this.collections) texts[`collection.${name}`] = Buffer.from(collection.image());
    return { json: { messages: messages.json, collections: [...this.collections.keys()] }, texts, arrays: messages.arrays };
  }

  /**
   * Takes over a snapshot's image at `position` (which becomes the read-models checkpoint). Every saved
   * collection must be open already (`openReadModels`); a failure leaves the store to be cleared.
   */
  restore(saved: SavedReadStore, parts: { texts: ReadonlyMap<string, string>; arrays: ReadonlyMap<string, LoadedArray> }, checkpoint: { name: string; position: number }): void {
    const { texts, arrays } = parts;
    for (const name of saved.collections) {
      const collection = this.collections.get(name);
      if (!collection) throw new Error(`snapshot: collection ${name} is not open`);
      const text = texts.get(`collection.${name}`);
      if (!text) throw new Error(`snapshot: no text collection.${name}`);
      collection.restore(JSON.parse(text) as [string, object][]);
    }
    this.messages.restore(saved.messages, arrays);
    this.checkpoints.positions.set(checkpoint.name, checkpoint.position);
  }

  async clear(): Promise<void> {
    for (const collection of this.collections.values()) collection.clear();
    await this.messages.clear();
    this.checkpoints.positions.clear();
  }

  async close(): Promise<void> {}
}
