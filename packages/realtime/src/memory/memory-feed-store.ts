import type { FeedEntry } from '../client-event.js';
import { feedAccepts, type FeedFilter } from '../feed-filter.js';
import type { FeedAppend, FeedStore } from '../feed-store.js';
import { UserFeed } from './user-feed.js';

/**
 * Feeds in this process: the embedded default. A feed outlives its user's last queue with only its
 * head, so a queue registered meanwhile never sees seqs start over.
 */
export class MemoryFeedStore implements FeedStore {
  private readonly feeds = new Map<number, UserFeed>();
  private calls = 0;

  async append(appends: readonly FeedAppend[], source?: number): Promise<readonly number[]> {
    const call = ++this.calls;
    const grown: number[] = [];
    for (const { userIds, item } of appends) {
      for (const userId of userIds) {
        const feed = this.feedOf(userId);
        if (feed.lastCall !== call) {
          // First item for this user in this call: the source decides for all of them.
          if (source !== undefined && feed.lastSource !== undefined && feed.lastSource >= source) continue;
          feed.lastCall = call;
          if (source !== undefined) feed.lastSource = source;
          grown.push(userId);
        }
        feed.append(item.event, item.audience);
      }
    }
    return grown;
  }

  async read(userId: number, after: number, filter: FeedFilter): Promise<FeedEntry[]> {
    const feed = this.feeds.get(userId);
    return feed ? feed.after(after).filter((entry) => feedAccepts(filter, entry)) : [];
  }

  async head(userId: number): Promise<number> {
    return this.feeds.get(userId)?.head ?? -1;
  }

  async trim(userId: number, upTo: number): Promise<void> {
    this.feeds.get(userId)?.trim(upTo);
  }

  /** The user's feed, created empty on first use (persistence reads and restores feeds through it). */
  feedOf(userId: number): UserFeed {
    let feed = this.feeds.get(userId);
    if (!feed) this.feeds.set(userId, (feed = new UserFeed(userId)));
    return feed;
  }
}
