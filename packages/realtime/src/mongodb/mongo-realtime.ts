import { type Db, MongoClient } from 'mongodb';
import type { FeedWakeups } from '../feed-wakeups.js';
import type { RealtimeStores } from '../realtime-stores.js';
import { ChangeStreamWakeups, type WakeupOptions } from './change-stream-wakeups.js';
import { MongoFeedStore } from './mongo-feed-store.js';
import { MongoQueueStore } from './mongo-queue-store.js';
import { PollingWakeups } from './polling-wakeups.js';
import {
  EVENT_QUEUES,
  type EventQueueDocument,
  FEED_ENTRIES,
  FEED_HEADS,
  type FeedEntryDocument,
  type FeedHeadDocument,
} from './realtime-documents.js';
import { ensureRealtimeIndexes } from './realtime-indexes.js';

export interface MongoRealtimeOptions {
  /** Entries older than this are dropped by a TTL index; far above the queue idle limit (1 day). */
  maxAgeMs?: number;
  /** Retry pause of a failed change stream, or the polling interval without change streams (250 ms). */
  wakeupIntervalMs?: number;
  /** False polls even where change streams exist (a user without the changeStream privilege; tests). */
  changeStreams?: boolean;
  onError?: (error: unknown) => void;
}

const DAY_MS = 86_400_000;

/** Change streams need a replica set or a sharded cluster; a standalone server gets polling. */
async function hasChangeStreams(client: MongoClient): Promise<boolean> {
  const hello = await client.db('admin').command({ hello: 1 });
  return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
}

/**
 * The production realtime stores: feeds and queues in a database of their own (not the read models',
 * which a rebuild drops), so every API process serves every queue and queues outlive the processes.
 */
export class MongoRealtime implements RealtimeStores {
  readonly feeds: MongoFeedStore;
  readonly queues: MongoQueueStore;
  readonly wakeups: FeedWakeups;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** Whether wake-ups come from a change stream (else from polling). */
    readonly changeStreams: boolean,
    options: WakeupOptions,
  ) {
    const entries = db.collection<FeedEntryDocument>(FEED_ENTRIES);
    this.feeds = new MongoFeedStore(entries, db.collection<FeedHeadDocument>(FEED_HEADS));
    this.queues = new MongoQueueStore(db.collection<EventQueueDocument>(EVENT_QUEUES));
    this.wakeups = changeStreams ? new ChangeStreamWakeups(entries, options) : new PollingWakeups(entries, options);
  }

  static async connect(url: string, dbName: string, options: MongoRealtimeOptions = {}): Promise<MongoRealtime> {
    // Undefined fields are left out, as JSON would, instead of being stored as null.
    const client = await MongoClient.connect(url, { ignoreUndefined: true });
    try {
      const db = client.db(dbName);
      await ensureRealtimeIndexes(db, options.maxAgeMs ?? DAY_MS);
      const wakeups = { intervalMs: options.wakeupIntervalMs ?? 250, onError: options.onError ?? (() => {}) };
      const changeStreams = options.changeStreams !== false && (await hasChangeStreams(client));
      return new MongoRealtime(client, db, changeStreams, wakeups);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /** Nothing to bring back: queues and their entries are already where every process reads them. */
  async restore(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    await this.wakeups.close();
    await this.client.close();
  }

  /** Removes every feed entry, feed head and queue, keeping the indexes. */
  async clear(): Promise<void> {
    for (const name of [FEED_ENTRIES, FEED_HEADS, EVENT_QUEUES]) await this.db.collection(name).deleteMany({});
  }

  /** Drops the whole database (tests remove what they created). */
  async drop(): Promise<void> {
    await this.db.dropDatabase();
  }
}
