import { join, resolve } from 'node:path';
import { allUpcasters, type EventLogReader, ReadOnlySqliteLog, UpcastingLogReader } from '@chat/eventstore';
import { EsdbEventStore } from '@chat/eventstore/esdb';

/** Options every verb accepts for where the log is (see LOG_OPTIONS in cli.ts). */
export const logOptions = {
  'data-dir': { type: 'string' },
  'esdb-url': { type: 'string' },
} as const;

export interface LogLocation {
  'data-dir'?: string;
  'esdb-url'?: string;
}

/** The SQLite file of an install directory: the name compose.ts gives it. */
export const sqliteLogFile = (dataDir: string): string => join(dataDir, 'events.sqlite3');

/**
 * Opens the log for reading: EventStoreDB when --esdb-url (or ESDB_URL) is given, else the SQLite
 * file under --data-dir (or DATA_DIR, or ./data), opened read-only so a running server is undisturbed.
 * Events come out as their type's current version unless `original` asks for them as written.
 */
export function openLogReader(location: LogLocation, env: NodeJS.ProcessEnv, options: { original?: boolean } = {}): EventLogReader {
  const written = openWrittenLog(location, env);
  return options.original ? written : new UpcastingLogReader(written, allUpcasters());
}

function openWrittenLog(location: LogLocation, env: NodeJS.ProcessEnv): EventLogReader {
  const esdbUrl = location['esdb-url'] ?? (location['data-dir'] === undefined ? env.ESDB_URL : undefined);
  // ESDB_STREAM_PREFIX: the server's log on a shared EventStoreDB (see docs/topics/operations.md).
  if (esdbUrl) return EsdbEventStore.connect(esdbUrl, { streamPrefix: env.ESDB_STREAM_PREFIX });
  return new ReadOnlySqliteLog(sqliteLogFile(resolve(location['data-dir'] ?? (env.DATA_DIR || './data'))));
}
