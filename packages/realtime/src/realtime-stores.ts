import type { FeedStore } from './feed-store.js';
import type { FeedWakeups } from './feed-wakeups.js';
import type { QueueStore } from './queue-store.js';

/** The feeds, queues and wake-ups a QueueRegistry works on, and their lifecycle. */
export interface RealtimeStores {
  readonly feeds: FeedStore;
  readonly queues: QueueStore;
  readonly wakeups: FeedWakeups;
  /**
   * At start, after the rebuild: brings back the queues the last graceful stop saved, and returns how
   * many. Durable stores have nothing to bring back.
   */
  restore(): Promise<number>;
  /** At a graceful stop, once nothing publishes any more: saves what must outlive the process, disconnects. */
  close(): Promise<void>;
}
