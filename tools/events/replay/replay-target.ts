import { READ_MODELS_CHECKPOINT } from '@chat/projections';
import { existsSync } from 'node:fs';
import { type BodySource, MemoryReadStore, type ReadStore, type SearchIndex, SqliteSearchIndex } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';
import { LIVE_MONGO_DB } from './mongo-live-read-models.js';

export const targetOptions = {
  'mongo-url': { type: 'string' },
  'mongo-db': { type: 'string' },
  'search-file': { type: 'string' },
} as const;

export interface TargetChoice {
  'mongo-url'?: string;
  'mongo-db'?: string;
  'search-file'?: string;
}

export const TARGET_USAGE = `Where the rebuilt read models go:
  --mongo-url <url>        MongoDB (default: MONGO_URL when set); else memory, gone when the command ends
  --mongo-db <name>        a new database for them (default: chat_replay_<time>); kept afterwards
  --search-file <path>     a new SQLite file for the rebuilt full-text index (to put in place of
                           DATA_DIR/search.sqlite3); default: in memory, or the MongoDB database above`;

export interface ReplayTarget {
  store: ReadStore;
  /** The full-text index rebuilt beside the models. */
  search: SearchIndex;
  /** For the report: "memory" or the database. */
  description: string;
}

/** A usage error: what was asked for cannot be done as asked. */
export class TargetChoiceError extends Error {}

/**
 * A fresh store for the replay: memory, or a MongoDB database that holds no read models yet; or, to
 * resume an interrupted replay (`resumeAfter`), the MongoDB database it wrote, whose checkpoint must
 * be that position (and its --search-file, which must then exist). A memory store keeps only the log
 * position of each message's body and reads it from `bodies` when asked, as the server's does: a
 * replay then neither decrypts nor holds every message's text (a sealed log's are opened one by one).
 */
export async function openReplayTarget(choice: TargetChoice, env: NodeJS.ProcessEnv, now = Date.now(), resumeAfter: number | null = null, bodies?: BodySource): Promise<ReplayTarget> {
  const url = choice['mongo-url'] ?? env.MONGO_URL;
  const file = choice['search-file'];
  if (resumeAfter !== null) return resumeTarget(url, choice['mongo-db'], file, resumeAfter);
  if (file !== undefined && existsSync(file)) throw new Error(`--search-file ${file} exists; name a new file`);
  const searchIn = (fallback: () => SearchIndex): SearchIndex => (file !== undefined ? new SqliteSearchIndex(file) : fallback());
  if (!url) return { store: new MemoryReadStore({ bodies }), search: searchIn(() => new SqliteSearchIndex(':memory:')), description: 'memory' };
  const dbName = choice['mongo-db'] ?? `chat_replay_${now}`;
  if (dbName === LIVE_MONGO_DB) throw new Error(`--mongo-db ${LIVE_MONGO_DB} is where a server keeps its read models; choose another`);
  const store = await MongoReadStore.connect(url, dbName);
  if ((await store.checkpoints.get(READ_MODELS_CHECKPOINT)) > 0) {
    await store.close();
    throw new Error(`MongoDB database ${dbName} already holds read models; name a new one with --mongo-db`);
  }
  return { store, search: searchIn(() => store.searchIndex()), description: `MongoDB database ${dbName}` };
}

async function resumeTarget(url: string | undefined, dbName: string | undefined, file: string | undefined, resumeAfter: number): Promise<ReplayTarget> {
  if (!url || dbName === undefined) throw new TargetChoiceError('--resume-after carries on a replay into MongoDB: give its --mongo-url and --mongo-db (a replay into memory is gone when it stops)');
  if (dbName === LIVE_MONGO_DB) throw new TargetChoiceError(`--mongo-db ${LIVE_MONGO_DB} is where a server keeps its read models; choose another`);
  if (file !== undefined && !existsSync(file)) throw new TargetChoiceError(`--search-file ${file} does not exist; name the file the interrupted replay wrote`);
  const store = await MongoReadStore.connect(url, dbName);
  const position = await store.checkpoints.get(READ_MODELS_CHECKPOINT);
  if (position !== resumeAfter) {
    await store.close();
    throw new TargetChoiceError(`MongoDB database ${dbName} stands at log position ${position}, not ${resumeAfter}; resume with --resume-after ${position}`);
  }
  return { store, search: file !== undefined ? new SqliteSearchIndex(file) : store.searchIndex(), description: `MongoDB database ${dbName}` };
}
