import type { Audience } from '../client-event.js';
import type { QueueSpec } from '../event-queue.js';

export const FEED_ENTRIES = 'feed_entries';
export const FEED_HEADS = 'feed_heads';
export const EVENT_QUEUES = 'event_queues';

/** One entry of a user's feed. `seq` is unique per user; `at` is what the max-age (TTL) index reads. */
export interface FeedEntryDocument {
  user_id: number;
  seq: number;
  /** The event's type, and the event as the JSON every queue is sent (built once, at the append). */
  type: string;
  json: string;
  audience?: Audience;
  /** Log position of the domain event and the entry's place among those it gave this user. */
  source?: number;
  part?: number;
  at: Date;
}

/**
 * Per user, what must outlive the entries: the highest seq ever trimmed away (so the head never goes
 * back once its entry is deleted) and the newest source appended (so a replay after a trim adds nothing).
 */
export interface FeedHeadDocument {
  _id: number;
  seq?: number;
  source?: number;
}

export interface EventQueueDocument {
  _id: string;
  user_id: number;
  spec: QueueSpec;
  last_acked: number;
  last_touched: number;
}
