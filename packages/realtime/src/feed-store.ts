import type { Audience, ClientEvent, FeedEntry } from './client-event.js';
import type { FeedFilter } from './feed-filter.js';

/** One event for one user's feed, and which of their queues it is for. */
export interface FeedItem {
  event: ClientEvent;
  audience?: Audience;
}

/** One item for the feeds of several users. */
export interface FeedAppend {
  userIds: readonly number[];
  item: FeedItem;
}

/**
 * The per-user feeds queues read. Embedded: in the process. Production: a collection any API process
 * reads, so a client's successive polls may land on different processes.
 */
export interface FeedStore {
  /**
   * Appends each item to the feeds of its users, in order, after each feed's head. `source` is the log
   * position of the domain event the items come from: a user whose feed took items from that position
   * or a later one in an earlier call gets nothing, so an event applied again (by a second projection
   * runner, or after a restart from an older checkpoint) is not delivered twice. Returns the users
   * whose feeds grew, each once.
   */
  append(appends: readonly FeedAppend[], source?: number): Promise<readonly number[]>;
  /** The user's entries with seq greater than `after` that `filter` accepts, oldest first. */
  read(userId: number, after: number, filter: FeedFilter): Promise<FeedEntry[]>;
  /** Seq of the newest entry ever appended to the user's feed (-1 before the first). Trimming keeps it. */
  head(userId: number): Promise<number>;
  /** Forgets the user's entries with seq up to `upTo`, which must not exceed the head. */
  trim(userId: number, upTo: number): Promise<void>;
}
