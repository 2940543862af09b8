import type { EventStore } from '../event-store.js';

/**
 * The reading half of the log: what history tools (export, replay, verify) need. Every EventStore
 * is one; ReadOnlySqliteLog is one that never writes to the file it reads.
 */
export type EventLogReader = Pick<EventStore, 'readAll' | 'headPosition' | 'subscribe' | 'close'>;
