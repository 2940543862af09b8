import { join, resolve } from 'node:path';
import { allUpcasters, type EventLogReader, ReadOnlySqliteLog, UnsealingLogReader, UpcastingLogReader } from '@chat/eventstore';
import { EsdbEventStore } from '@chat/eventstore/esdb';
import { type KeyLocation, openKeyRingSource } from '@chat/keystore';

/** Options every verb accepts for where the log is (see LOG_OPTIONS in cli.ts). */
export const logOptions = {
  'data-dir': { type: 'string' },
  'esdb-url': { type: 'string' },
  'keys-mongo-url': { type: 'string' },
} as const;

export interface LogLocation {
  'data-dir'?: string;
  'esdb-url'?: string;
  'keys-mongo-url'?: string;
}

/** The SQLite file of an install directory: the name compose.ts gives it. */
export const sqliteLogFile = (dataDir: string): string => join(dataDir, 'events.sqlite3');

/** The embedded key store of an install directory (services/api/src/keys/key-location.ts names it so). */
export const sqliteKeysFile = (dataDir: string): string => join(dataDir, 'keys.sqlite3');

const dataDirOf = (location: LogLocation, env: NodeJS.ProcessEnv): string => resolve(location['data-dir'] ?? (env.DATA_DIR || './data'));
const esdbUrlOf = (location: LogLocation, env: NodeJS.ProcessEnv): string | undefined => location['esdb-url'] ?? (location['data-dir'] === undefined ? env.ESDB_URL : undefined);

/** Where the keys of the log's sealed values are: MongoDB beside EventStoreDB, else the file beside the SQLite log. */
export function keyLocationOf(location: LogLocation, env: NodeJS.ProcessEnv): KeyLocation {
  const mongoUrl = location['keys-mongo-url'] ?? (esdbUrlOf(location, env) ? env.MONGO_URL : undefined);
  // MONGO_DB_PREFIX names the server's databases on a shared MongoDB, as the server reads it.
  return mongoUrl ? { kind: 'mongodb', url: mongoUrl, database: `${env.MONGO_DB_PREFIX || 'chat'}_keys` } : { kind: 'sqlite', file: sqliteKeysFile(dataDirOf(location, env)) };
}

/**
 * Opens the log for reading: EventStoreDB when --esdb-url (or ESDB_URL) is given, else the SQLite
 * file under --data-dir (or DATA_DIR, or ./data), opened read-only so a running server is undisturbed.
 * Sealed values are read with the log's key store (read-only), so what was forgotten reads as
 * forgotten. Events come out as their type's current version unless `original` asks for them as written.
 */
export async function openLogReader(location: LogLocation, env: NodeJS.ProcessEnv, options: { original?: boolean } = {}): Promise<EventLogReader> {
  const written = openWrittenLog(location, env);
  const keys = await openKeyRingSource(keyLocationOf(location, env));
  const readable = keys ? new UnsealingLogReader(written, keys) : written;
  return options.original ? readable : new UpcastingLogReader(readable, allUpcasters());
}

function openWrittenLog(location: LogLocation, env: NodeJS.ProcessEnv): EventLogReader {
  const esdbUrl = esdbUrlOf(location, env);
  // ESDB_STREAM_PREFIX: the server's log on a shared EventStoreDB (see docs/topics/operations.md).
  if (esdbUrl) return EsdbEventStore.connect(esdbUrl, { streamPrefix: env.ESDB_STREAM_PREFIX });
  return new ReadOnlySqliteLog(sqliteLogFile(dataDirOf(location, env)));
}
