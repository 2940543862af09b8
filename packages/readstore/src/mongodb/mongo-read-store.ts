import { type Db, MongoClient, MongoServerError } from 'mongodb';
import type { MessageStore } from '../messages/message-store.js';
import type { CollectionSpec, DocumentCollection, ReadStore } from '../read-store.js';
import { openMongoMessageStore } from './mongo-message-store.js';
import { type CheckpointDocument, MongoCheckpoints } from './mongo-checkpoints.js';
import { MongoCollection, type StoredDocument } from './mongo-collection.js';
import { MongoSearchIndex } from '../search/mongo-search-index.js';

const CHECKPOINTS = 'checkpoints';
const NAMESPACE_NOT_FOUND = 26;

/**
 * The production read side: one MongoDB collection per read model, in a database of its own (clear()
 * drops every collection in it). The only module that imports the MongoDB driver.
 */
export class MongoReadStore implements ReadStore {
  readonly persistent = true;
  readonly shared = true;
  readonly checkpoints: MongoCheckpoints;
  readonly messages: MessageStore;
  private readonly collections = new Map<string, MongoCollection<object>>();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.checkpoints = new MongoCheckpoints(db.collection<CheckpointDocument>(CHECKPOINTS));
    this.messages = openMongoMessageStore(db);
  }

  static async connect(url: string, dbName: string): Promise<MongoReadStore> {
    // Undefined fields are left out, as JSON would, instead of being stored as null.
    const client = await MongoClient.connect(url, { ignoreUndefined: true });
    return new MongoReadStore(client, client.db(dbName));
  }

  /** The full-text index of messages, in this database beside the models (clear() drops it too). */
  searchIndex(): MongoSearchIndex {
    return new MongoSearchIndex(this.db);
  }

  collection<T extends object>(spec: CollectionSpec): DocumentCollection<T> {
    if (spec.name === CHECKPOINTS) throw new Error(`'${CHECKPOINTS}' is reserved for projection checkpoints`);
    let existing = this.collections.get(spec.name);
    if (!existing) {
      existing = new MongoCollection<object>(spec, this.db.collection<StoredDocument>(spec.name));
      this.collections.set(spec.name, existing);
    }
    return existing as unknown as DocumentCollection<T>;
  }

  async clear(): Promise<void> {
    await this.messages.clear(); // drops its own collections and forgets that their indexes exist
    // Every collection, not only those opened by this process: models from an older version go too.
    const names = await this.db.listCollections({}, { nameOnly: true }).toArray();
    for (const { name } of names) {
      if (name.startsWith('system.')) continue;
      try {
        await this.db.dropCollection(name);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
    }
    for (const collection of this.collections.values()) collection.reset();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
