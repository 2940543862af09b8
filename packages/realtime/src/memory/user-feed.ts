import type { Audience, ClientEvent, FeedEntry } from '../client-event.js';

/**
 * A user's feed in memory: the client events addressed to them, in order. Queues are cursors into it;
 * entries every queue has acknowledged are dropped, so an idle user costs an empty array.
 */
export class UserFeed {
  private entries: FeedEntry[] = [];
  /** Log position of the newest domain event this feed took entries from. */
  lastSource: number | undefined;
  /** The append call that last added to this feed (the store's counter). */
  lastCall = 0;

  constructor(
    readonly userId: number,
    /** Seq of the newest entry ever appended (-1 before the first). */
    public head = -1,
  ) {}

  append(event: ClientEvent, audience?: Audience): FeedEntry {
    this.head += 1;
    const entry: FeedEntry = audience ? { seq: this.head, event, audience } : { seq: this.head, event };
    this.entries.push(entry);
    return entry;
  }

  /** Entries with seq greater than `after`, oldest first. */
  after(after: number): FeedEntry[] {
    if (this.entries.length === 0 || this.entries[this.entries.length - 1].seq <= after) return [];
    const first = this.entries[0].seq;
    return this.entries.slice(Math.max(0, after + 1 - first));
  }

  /** Forgets entries every queue has acknowledged (seq <= `upTo`). */
  trim(upTo: number): void {
    if (this.entries.length === 0 || this.entries[0].seq > upTo) return;
    const first = this.entries[0].seq;
    this.entries = this.entries.slice(Math.min(this.entries.length, upTo + 1 - first));
  }

  get size(): number {
    return this.entries.length;
  }

  snapshot(): { head: number; entries: FeedEntry[]; lastSource?: number } {
    const saved = { head: this.head, entries: [...this.entries] };
    return this.lastSource === undefined ? saved : { ...saved, lastSource: this.lastSource };
  }

  restore(entries: FeedEntry[]): void {
    this.entries = [...entries];
  }
}
