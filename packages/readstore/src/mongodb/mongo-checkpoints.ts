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

  async set(name: string, position: number): Promise<void> {
    await this.collection.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
  }
}
