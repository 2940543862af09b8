import { READ_MODELS_CHECKPOINT } from '@chat/projections';
import { MemoryReadStore, MongoReadStore, type ReadStore } from '@chat/readstore';
import { LIVE_MONGO_DB } from './mongo-live-read-models.js';

export const targetOptions = {
  'mongo-url': { type: 'string' },
  'mongo-db': { type: 'string' },
} as const;

export interface TargetChoice {
  'mongo-url'?: string;
  'mongo-db'?: string;
}

export const TARGET_USAGE = `Where the rebuilt read models go:
  --mongo-url <url>        MongoDB (default: MONGO_URL when set); else memory, gone when the command ends
  --mongo-db <name>        a new database for them (default: chat_replay_<time>); kept afterwards`;

export interface ReplayTarget {
  store: ReadStore;
  /** For the report: "memory" or the database. */
  description: string;
}

/** A fresh store for the replay: memory, or a MongoDB database that holds no read models yet. */
export async function openReplayTarget(choice: TargetChoice, env: NodeJS.ProcessEnv, now = Date.now()): Promise<ReplayTarget> {
  const url = choice['mongo-url'] ?? env.MONGO_URL;
  if (!url) return { store: new MemoryReadStore(), description: 'memory' };
  const dbName = choice['mongo-db'] ?? `chat_replay_${now}`;
  if (dbName === LIVE_MONGO_DB) throw new Error(`--mongo-db ${LIVE_MONGO_DB} is where a server keeps its read models; choose another`);
  const store = await MongoReadStore.connect(url, dbName);
  if ((await store.checkpoints.get(READ_MODELS_CHECKPOINT)) > 0) {
    await store.close();
    throw new Error(`MongoDB database ${dbName} already holds read models; name a new one with --mongo-db`);
  }
  return { store, description: `MongoDB database ${dbName}` };
}
