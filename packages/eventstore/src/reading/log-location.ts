import { type KeyLocation, openKeyRingSource } from '@chat/keystore';
import { UnsealingLogReader } from '../sealing/unsealing-log-reader.js';
import type { EventLogReader } from './event-log-reader.js';
import { ReadOnlySqliteLog } from './readonly-sqlite-log.js';

/**
 * Where a log is, in a form another thread or process can open it by: a SQLite file or an EventStoreDB,
 * and the key store its sealed values are read with.
 */
export type LogLocation = ({ kind: 'sqlite'; file: string } | { kind: 'esdb'; url: string; streamPrefix?: string }) & { keys?: KeyLocation };

/**
 * A reader of the log at `location` with a connection of its own: read-only on a SQLite file (WAL
 * lets it read while the server writes), a client of its own to EventStoreDB (loaded only then);
 * sealed values read with the keys at `location.keys`.
 */
export async function openLogReader(location: LogLocation): Promise<EventLogReader> {
  const log = location.kind === 'sqlite' ? new ReadOnlySqliteLog(location.file) : await openEsdb(location.url, location.streamPrefix);
  const keys = location.keys ? await openKeyRingSource(location.keys) : null;
  return keys ? new UnsealingLogReader(log, keys) : log;
}

async function openEsdb(url: string, streamPrefix: string | undefined): Promise<EventLogReader> {
  const { EsdbEventStore } = await import('../esdb/esdb-event-store.js');
  return EsdbEventStore.connect(url, { streamPrefix });
}
