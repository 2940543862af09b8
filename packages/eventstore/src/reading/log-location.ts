import type { EventLogReader } from './event-log-reader.js';
import { ReadOnlySqliteLog } from './readonly-sqlite-log.js';

/** Where a log is, in a form another thread or process can open it by: a SQLite file or an EventStoreDB. */
export type LogLocation = { kind: 'sqlite'; file: string } | { kind: 'esdb'; url: string; streamPrefix?: string };

/**
 * A reader of the log at `location` with a connection of its own: read-only on a SQLite file (WAL
 * lets it read while the server writes), a client of its own to EventStoreDB (loaded only then).
 */
export async function openLogReader(location: LogLocation): Promise<EventLogReader> {
  if (location.kind === 'sqlite') return new ReadOnlySqliteLog(location.file);
  const { EsdbEventStore } = await import('../esdb/esdb-event-store.js');
  return EsdbEventStore.connect(location.url, { streamPrefix: location.streamPrefix });
}
