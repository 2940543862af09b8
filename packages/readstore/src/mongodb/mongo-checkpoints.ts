import type { Collection } from 'mongodb';
import type { CheckpointStore } from '../read-store.js';

export interface CheckpointDocument {
  _id: string;
  position: number;
}

/** Checkpoints live next to the models they describe, so both survive (or are dropped) together. */
export class MongoCheckpoints implements CheckpointStore {
  constructor(private readonly collection: Collection<CheckpointDocument>) {}

  async get(name: string): Promise<number> {
    return (await this.collection.findOne({ _id: name }))?.position ?? 0;
  }

  /** Never moves back: a checkpoint another writer (an older process still stopping) set further on stands. */
  async set(name: string, position: number): Promise<void> {
    await this.collection.updateOne({ _id: name }, { $max: { position } }, { upsert: true });
  }
}
