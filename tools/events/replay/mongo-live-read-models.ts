import { keyDigests, openReadModels, READ_MODELS_CHECKPOINT, type ReadModelName, type ReadModels, readModelsDigest } from '@chat/projections';
import { MongoReadStore } from '@chat/readstore/mongodb';
import type { LiveDigest, LiveReadModels } from './live-read-models.js';

/** The database compose.ts keeps the read models in. */
export const LIVE_MONGO_DB = 'chat_read_models';

/**
 * Read models a server keeps in MongoDB, read directly. Their position is the checkpoint, which the
 * runner writes every 1000 events and at a stop: compare against a stopped or idle server, since
 * models that moved on while being read differ from any one position.
 */
export class MongoLiveReadModels implements LiveReadModels {
  readonly source: string;

  private constructor(
    private readonly store: MongoReadStore,
    private readonly models: ReadModels,
    url: string,
    dbName: string,
  ) {
    this.source = `MongoDB database ${dbName} at ${url}`;
  }

  static async connect(url: string, dbName = LIVE_MONGO_DB): Promise<MongoLiveReadModels> {
    const store = await MongoReadStore.connect(url, dbName);
    return new MongoLiveReadModels(store, openReadModels(store), url, dbName);
  }

  async digest(): Promise<LiveDigest> {
    return { position: await this.store.checkpoints.get(READ_MODELS_CHECKPOINT), ...(await readModelsDigest(this.models)) };
  }

  async keys(model: ReadModelName): Promise<LiveDigest & { keys: Map<string, string> }> {
    return { ...(await this.digest()), keys: await keyDigests(this.models, model) };
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
