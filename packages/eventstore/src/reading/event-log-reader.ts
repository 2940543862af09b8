import type { EventStore } from '../event-store.js';

/**
 * The reading half of the log: what history tools (export, replay, verify) need, with the point reads
 * a replay's message store takes bodies by (as the server's does). Every EventStore is one;
 * ReadOnlySqliteLog is one that never writes to the file it reads.
 */
export type EventLogReader = Pick<EventStore, 'readAll' | 'readAt' | 'headPosition' | 'subscribe' | 'close'>;
