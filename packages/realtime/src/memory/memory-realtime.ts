import type { ClientEvent } from '../client-event.js';
import type { RealtimeStores } from '../realtime-stores.js';
import { LocalFeedWakeups } from './local-feed-wakeups.js';
import { MemoryFeedStore } from './memory-feed-store.js';
import { MemoryQueueStore } from './memory-queue-store.js';
import { loadQueues, saveQueues } from './queue-persistence.js';

/**
 * The embedded realtime stores: everything in this process. With a file, a graceful stop writes the
 * queues and their unacknowledged entries to it and the next start reads them back.
 */
export class MemoryRealtime implements RealtimeStores {
  readonly feeds = new MemoryFeedStore();
  readonly queues = new MemoryQueueStore();
  readonly wakeups = new LocalFeedWakeups();

  /**
   * `scrub`: what a feed entry is written to the file as at a graceful stop: null to leave it out (one
   * carrying a message deleted meanwhile), or with an erased person's values replaced by their
   * placeholders (docs/topics/forgetting.md).
   */
  constructor(
    private readonly file: string | null = null,
    private readonly scrub: (event: ClientEvent) => ClientEvent | null = (event) => event,
  ) {}

  async restore(): Promise<number> {
    return this.file ? loadQueues(this.queues, this.feeds, this.file) : 0;
  }

  async close(): Promise<void> {
    if (this.file) saveQueues(this.queues, this.feeds, this.file, this.scrub);
    await this.wakeups.close();
  }
}
