import { setTimeout as delay } from 'node:timers/promises';
import type { ChangeStream, ChangeStreamInsertDocument, Collection } from 'mongodb';
import type { FeedListener, FeedWakeups } from '../feed-wakeups.js';
import { ListenerSet } from '../listener-set.js';
import type { FeedEntryDocument } from './realtime-documents.js';

type InsertedUser = ChangeStreamInsertDocument<Pick<FeedEntryDocument, 'user_id'>>;

/** Only inserts matter, and of them only whose feed grew (the resume token, `_id`, stays). */
const PIPELINE = [{ $match: { operationType: 'insert' } }, { $project: { operationType: 1, 'fullDocument.user_id': 1 } }];

export interface WakeupOptions {
  /** Pause before a failed stream is opened again (or between polls, for the polling adapter). */
  intervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * Wake-ups through a change stream on the feed collection (replica sets and sharded clusters): every
 * insert, by any process, reaches the polls of its user held here within milliseconds. The driver
 * resumes the stream across elections and dropped connections without losing changes.
 */
export class ChangeStreamWakeups implements FeedWakeups {
  private readonly listeners = new ListenerSet();
  private stream: ChangeStream<Pick<FeedEntryDocument, 'user_id'>, InsertedUser> | null = null;
  private following: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly entries: Collection<FeedEntryDocument>,
    private readonly options: WakeupOptions,
  ) {}

  announce(userIds: readonly number[]): Promise<void> {
    return this.listeners.notify(userIds);
  }

  listen(listener: FeedListener, watched: () => readonly number[]): () => void {
    this.following ??= this.follow();
    return this.listeners.add(listener, watched);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stream?.close();
    await this.following;
  }

  private async follow(): Promise<void> {
    while (!this.closed) {
      const stream = this.entries.watch<Pick<FeedEntryDocument, 'user_id'>, InsertedUser>(PIPELINE);
      this.stream = stream;
      try {
        for await (const change of stream) await this.listeners.notify([change.fullDocument.user_id]);
      } catch (error) {
        if (this.closed) return;
        this.options.onError(error);
      }
      if (this.closed) return;
      // A stream that could not resume missed inserts: every poll held here looks once more.
      await delay(this.options.intervalMs);
      await this.listeners.notify(this.listeners.watched()).catch(this.options.onError);
    }
  }
}
