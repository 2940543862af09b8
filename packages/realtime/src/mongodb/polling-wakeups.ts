import type { Collection } from 'mongodb';
import type { FeedListener, FeedWakeups } from '../feed-wakeups.js';
import { ListenerSet } from '../listener-set.js';
import type { WakeupOptions } from './change-stream-wakeups.js';
import type { FeedEntryDocument } from './realtime-documents.js';

/**
 * Wake-ups for a server without change streams (a standalone mongod): every `intervalMs`, one query
 * reads the newest seq of each user with a poll waiting here, and a user whose seq moved wakes.
 */
export class PollingWakeups implements FeedWakeups {
  private readonly listeners = new ListenerSet();
  private readonly heads = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly entries: Collection<FeedEntryDocument>,
    private readonly options: WakeupOptions,
  ) {}

  announce(userIds: readonly number[]): Promise<void> {
    return this.listeners.notify(userIds);
  }

  listen(listener: FeedListener, watched: () => readonly number[]): () => void {
    this.timer ??= setInterval(() => {
      this.polling ??= this.poll()
        .catch(this.options.onError)
        .finally(() => (this.polling = null));
    }, this.options.intervalMs).unref();
    return this.listeners.add(listener, watched);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  private async poll(): Promise<void> {
    const users = new Set(this.listeners.watched());
    for (const userId of this.heads.keys()) if (!users.has(userId)) this.heads.delete(userId);
    if (users.size === 0) return;
    const newest = await this.entries
      .aggregate<{ _id: number; head: number }>([
        { $match: { user_id: { $in: [...users] } } },
        { $group: { _id: '$user_id', head: { $max: '$seq' } } },
      ])
      .toArray();
    const grown: number[] = [];
    for (const { _id: userId, head } of newest) {
      if (this.heads.get(userId) === head) continue;
      this.heads.set(userId, head);
      grown.push(userId);
    }
    await this.listeners.notify(grown);
  }
}
