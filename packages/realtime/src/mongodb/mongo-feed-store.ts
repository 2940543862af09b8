import { type Collection, MongoServerError } from 'mongodb';
import type { ClientEvent, FeedEntry } from '../client-event.js';
import { feedAccepts, type FeedFilter } from '../feed-filter.js';
import type { FeedAppend, FeedItem, FeedStore } from '../feed-store.js';
import type { FeedEntryDocument, FeedHeadDocument } from './realtime-documents.js';
import { SEQ_INDEX, SOURCE_INDEX } from './realtime-indexes.js';

const DUPLICATE_KEY = 11000;
/** Each failed attempt means another process appended to the same feed meanwhile, so progress was made. */
const MAX_ATTEMPTS = 100;

/** Which unique index a failed insert collided with, if that is why it failed. */
function duplicateIndex(error: unknown): string | null {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return null;
  const pattern: unknown = error.keyPattern;
  if (pattern && typeof pattern === 'object') return 'source' in pattern ? SOURCE_INDEX : 'seq' in pattern ? SEQ_INDEX : null;
  for (const index of [SOURCE_INDEX, SEQ_INDEX]) if (error.message.includes(`index: ${index} `)) return index;
  return null;
}

const entryOf = (doc: Pick<FeedEntryDocument, 'seq' | 'json' | 'audience'>, event: ClientEvent): FeedEntry =>
  doc.audience ? { seq: doc.seq, event, audience: doc.audience, json: doc.json } : { seq: doc.seq, event, json: doc.json };

/** Whether `entries` are exactly the seqs following `after`. */
const gapless = (entries: readonly FeedEntry[], after: number): boolean => entries.every((entry, index) => entry.seq === after + 1 + index);

/**
 * Feeds in MongoDB, readable by every API process. An entry's seq is taken by inserting it (unique per
 * user), so an entry is visible from the moment its seq exists and a seq is never handed out twice.
 */
export class MongoFeedStore implements FeedStore {
  constructor(
    private readonly entries: Collection<FeedEntryDocument>,
    private readonly heads: Collection<FeedHeadDocument>,
  ) {}

  async append(appends: readonly FeedAppend[], source?: number): Promise<readonly number[]> {
    const byUser = new Map<number, FeedItem[]>();
    for (const { userIds, item } of appends) {
      for (const userId of userIds) {
        let mine = byUser.get(userId);
        if (!mine) byUser.set(userId, (mine = []));
        mine.push(item);
      }
    }
    // Feeds are independent: each user's items go in order, the users side by side.
    const grown = await Promise.all([...byUser].map(async ([userId, items]) => ((await this.appendTo(userId, items, source)) ? userId : null)));
    return grown.filter((userId) => userId !== null);
  }

  async read(userId: number, after: number, filter: FeedFilter): Promise<FeedEntry[]> {
    let entries = await this.entriesAfter(userId, after);
    // A read can pass an entry's place just before its insert lands and then see the entry after it,
    // which was inserted later. By then the earlier one is stored, so reading again finds it; a gap
    // that stays is real (expired entries).
    if (!gapless(entries, after)) entries = await this.entriesAfter(userId, after);
    return entries.filter((entry) => feedAccepts(filter, entry));
  }

  async head(userId: number): Promise<number> {
    // The newest entry is read before the floor: a trim raises the floor before it deletes.
    const newest = await this.entries.findOne({ user_id: userId }, { sort: { seq: -1 }, projection: { seq: 1 } });
    const floor = await this.heads.findOne({ _id: userId });
    return Math.max(newest?.seq ?? -1, floor?.seq ?? -1);
  }

  async trim(userId: number, upTo: number): Promise<void> {
    await this.heads.updateOne({ _id: userId }, { $max: { seq: upTo } }, { upsert: true });
    await this.entries.deleteMany({ user_id: userId, seq: { $lte: upTo } });
  }

  /** Appends the user's items; false when the source was taken already and nothing was appended. */
  private async appendTo(userId: number, items: readonly FeedItem[], source: number | undefined): Promise<boolean> {
    if (source !== undefined) {
      const floor = await this.heads.findOne({ _id: userId });
      if (floor?.source !== undefined && floor.source >= source) return false;
    }
    let head = await this.head(userId);
    let appended = 0;
    for (const [part, item] of items.entries()) {
      const json = JSON.stringify(item.event);
      for (let attempt = 1; ; attempt += 1) {
        const doc: FeedEntryDocument = { user_id: userId, seq: head + 1, type: item.event.type, json, at: new Date() };
        if (item.audience) doc.audience = item.audience;
        if (source !== undefined) {
          doc.source = source;
          doc.part = part;
        }
        try {
          await this.entries.insertOne(doc);
          appended += 1;
          head = doc.seq;
          break;
        } catch (error) {
          const index = duplicateIndex(error);
          // Another process applying the same domain event stored this very entry already.
          if (index === SOURCE_INDEX) break;
          if (index !== SEQ_INDEX || attempt >= MAX_ATTEMPTS) throw error;
          head = await this.head(userId);
        }
      }
    }
    if (source !== undefined) await this.heads.updateOne({ _id: userId }, { $max: { source } }, { upsert: true });
    return appended > 0;
  }

  private async entriesAfter(userId: number, after: number): Promise<FeedEntry[]> {
    const docs = await this.entries
      .find({ user_id: userId, seq: { $gt: after } }, { sort: { seq: 1 }, projection: { _id: 0, seq: 1, json: 1, audience: 1 } })
      .toArray();
    return docs.map((doc) => entryOf(doc, JSON.parse(doc.json) as ClientEvent));
  }
}
