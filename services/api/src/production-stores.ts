import type { Logger } from 'pino';
import type { Clock } from '@chat/core';
import type { EventStore, IdAllocator } from '@chat/eventstore';
import { EsdbEventStore, type EsdbEventStoreOptions, EsdbIdAllocator, EsdbWriterLease } from '@chat/eventstore/esdb';
import { MongoKeyStore } from '@chat/keystore/mongodb';
import type { RealtimeStores } from '@chat/realtime';
import { MongoRealtime } from '@chat/realtime/mongodb';
import type { ReadStore, SearchIndex } from '@chat/readstore';
import { MongoReadStore } from '@chat/readstore/mongodb';

/**
 * The production adapters (EventStoreDB, MongoDB), which compose.ts imports only when the
 * configuration names them: their client libraries alone took about 0.7 s of CPU to load at every
 * start of the embedded default (issue 31).
 */
export const connectEventStore = (url: string, options: EsdbEventStoreOptions): EsdbEventStore => EsdbEventStore.connect(url, options);

/** The log's writer lease (see docs/topics/production-stores.md, "One writer per log"). */
export const connectWriterLease = (url: string, streamPrefix: string): EsdbWriterLease => EsdbWriterLease.connect(url, streamPrefix);

/** Ids from the counter streams when the log is EventStoreDB (see docs/topics/log.md). */
export function esdbIds(log: EventStore, clock: Clock): IdAllocator | null {
  return log instanceof EsdbEventStore ? new EsdbIdAllocator(log, { clock }) : null;
}

export const connectReadStore = (url: string, database: string): Promise<MongoReadStore> => MongoReadStore.connect(url, database);

/** The search index kept beside read models in MongoDB; null for any other read store. */
export const mongoSearchIndex = (readStore: ReadStore): SearchIndex | null => (readStore instanceof MongoReadStore ? readStore.searchIndex() : null);

export async function connectRealtime(url: string, database: string, queueIdleMs: number, log: Logger): Promise<RealtimeStores> {
  const realtime = await MongoRealtime.connect(url, database, {
    // Entries outlive any queue that could still need them: queues idle this long are dropped.
    maxAgeMs: Math.max(86_400_000, 2 * queueIdleMs),
    onError: (error) => log.error({ err: error }, 'feed wake-ups failed'),
  });
  log.info({ wakeups: realtime.changeStreams ? 'change stream' : 'polling' }, 'event queues in MongoDB');
  return realtime;
}

/** The keys of sealed values in MongoDB (database `chat_keys`), shared by every API process. */
export const connectKeyStore = (url: string, database?: string): Promise<MongoKeyStore> => MongoKeyStore.connect(url, database);
