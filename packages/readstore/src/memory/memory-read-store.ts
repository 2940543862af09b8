import type { CheckpointStore, CollectionSpec, DocumentCollection, ReadStore } from '../read-store.js';
import { MemoryCollection } from './memory-collection.js';
import type { BodySource } from './messages/message-bodies.js';
import { MemoryMessageStore } from './messages/memory-message-store.js';

class MemoryCheckpoints implements CheckpointStore {
  readonly positions = new Map<string, number>();
  async get(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }
  async set(name: string, position: number): Promise<void> {
    this.positions.set(name, position);
  }
}

/** The embedded default: everything in the process, rebuilt from the log at every start. */
export class MemoryReadStore implements ReadStore {
  readonly persistent = false;
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

  async clear(): Promise<void> {
    for (const collection of this.collections.values()) collection.clear();
    await this.messages.clear();
    this.checkpoints.positions.clear();
  }

  async close(): Promise<void> {}
}
