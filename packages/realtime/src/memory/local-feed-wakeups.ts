import type { FeedListener, FeedWakeups } from '../feed-wakeups.js';
import { ListenerSet } from '../listener-set.js';

/** Embedded: every append happens in this process, so announcing is calling the listeners. */
export class LocalFeedWakeups implements FeedWakeups {
  private readonly listeners = new ListenerSet();

  announce(userIds: readonly number[]): Promise<void> {
    return this.listeners.notify(userIds);
  }

  listen(listener: FeedListener, watched: () => readonly number[]): () => void {
    return this.listeners.add(listener, watched);
  }

  async close(): Promise<void> {}
}
