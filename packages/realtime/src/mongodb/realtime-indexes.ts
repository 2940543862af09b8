import { type Db, MongoServerError } from 'mongodb';
import { EVENT_QUEUES, FEED_ENTRIES } from './realtime-documents.js';

export const SEQ_INDEX = 'user_seq';
export const SOURCE_INDEX = 'user_source';
const MAX_AGE_INDEX = 'max_age';
const INDEX_OPTIONS_CONFLICT = 85;

/**
 * Creates the indexes the adapters rely on. Seqs and sources are unique per user, which is what makes
 * concurrent appends from several processes safe; the TTL index drops entries older than `maxAgeMs`
 * (a feed whose queues vanished without trimming it), and follows a changed max age.
 */
export async function ensureRealtimeIndexes(db: Db, maxAgeMs: number): Promise<void> {
  const entries = db.collection(FEED_ENTRIES);
  await entries.createIndex({ user_id: 1, seq: 1 }, { name: SEQ_INDEX, unique: true });
  await entries.createIndex(
    { user_id: 1, source: 1, part: 1 },
    { name: SOURCE_INDEX, unique: true, partialFilterExpression: { source: { $exists: true } } },
  );
  const expireAfterSeconds = Math.ceil(maxAgeMs / 1000);
  try {
    await entries.createIndex({ at: 1 }, { name: MAX_AGE_INDEX, expireAfterSeconds });
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === INDEX_OPTIONS_CONFLICT)) throw error;
    await db.command({ collMod: FEED_ENTRIES, index: { name: MAX_AGE_INDEX, expireAfterSeconds } });
  }
  const queues = db.collection(EVENT_QUEUES);
  await queues.createIndex({ user_id: 1 }, { name: 'user' });
  await queues.createIndex({ last_touched: 1 }, { name: 'last_touched' });
  await queues.createIndex({ 'spec.allPublicStreams': 1 }, { name: 'all_public_streams', partialFilterExpression: { 'spec.allPublicStreams': true } });
}
