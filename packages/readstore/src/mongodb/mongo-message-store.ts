import { FlagBit, type MessageState, messageData } from '@chat/core';
import { type Db, MongoServerError } from 'mongodb';
import {
  conversationKey,
  type DirectConversation,
  type ExpiredPage,
  type MessageHead,
  type MessagePage,
  type MessageQuery,
  type MessageReceivers,
  type MessageSnapshot,
  type MessageStore,
  type MessageWindow,
  type RetentionScope,
  type StoredMessage,
  type TopicSummary,
  topicKey,
  type UserMessageRow,
} from '../messages/message-store.js';
import {
  createMessageIndexes,
  keysOf,
  LIVE,
  type MessageCollections,
  onlyDuplicates,
  openMessageCollections,
  rowDocument,
  rowId,
  sameKeys,
  writeRows,
} from './mongo-message-documents.js';
import { flagsOf, headsById, messagesById, MongoMessageQueries } from './mongo-message-queries.js';
import { scanMessages } from './mongo-message-scan.js';

const NAMESPACE_NOT_FOUND = 26;

/**
 * The messages read model in MongoDB: `messages` by id, `user_messages` (a user's flags for a
 * message, with the message's keys copied so history queries run on indexes) and
 * `direct_conversations` (recipient ids). Every write carries the log position that caused it and
 * leaves alone what a write at that position or later has written.
 */
export class MongoMessageStore implements MessageStore {
  private indexed: Promise<void> | null = null;
  private readonly queries: MongoMessageQueries;

  constructor(private readonly collections: MessageCollections) {
    this.queries = new MongoMessageQueries(collections);
  }

  async insert(message: MessageState, receivers: MessageReceivers, position: number): Promise<number | null> {
    const { messages, rows: userRows } = await this.use();
    // An id is inserted once; a removed message's tombstone keeps it taken.
    const stored = await messages.findOne({ _id: message.id }, { projection: { 'doc.recipient_id': 1 } });
    if (stored) return stored.doc?.recipient_id ?? null;
    const recipient_id = await this.recipientId(message);
    const keys = keysOf(message);
    // Rows before the message: a replay after a stop between the two finds no message and writes both.
    await writeRows(userRows, receivers.user_ids.map((userId, index) => rowDocument(userId, message.id, receivers.flags[index], keys, position)));
    try {
      await messages.insertOne({ _id: message.id, _pos: position, doc: { ...messageData(message), recipient_id }, keys });
    } catch (error) {
      if (!onlyDuplicates(error)) throw error;
    }
    return recipient_id;
  }

  async replace(message: MessageState, position: number): Promise<void> {
    const { messages, rows } = await this.use();
    const current = await messages.findOne({ _id: message.id, ...LIVE }, { projection: { _pos: 1, keys: 1 } });
    if (!current || current._pos >= position) return;
    const keys = keysOf(message);
    const recipient_id = await this.recipientId(message);
    // Rows before the message, as for insert: until the message is written, a replay redoes both.
    // Keys carry the position that wrote them, so an older replace never undoes a newer one.
    if (!sameKeys(current.keys, keys)) {
      await rows.updateMany({ message_id: message.id, $or: [{ keys_pos: { $exists: false } }, { keys_pos: { $lt: position } }] }, { $set: { keys, keys_pos: position } });
    }
    await messages.updateOne(
      { _id: message.id, _pos: { $lt: position }, ...LIVE },
      { $set: { _pos: position, doc: { ...message, recipient_id }, keys } },
    );
  }

  async remove(ids: readonly number[], position: number): Promise<void> {
    const { messages, rows } = await this.use();
    const live = await messages.find({ _id: { $in: ids }, _pos: { $lt: position }, ...LIVE }, { projection: { _id: 1 } }).toArray();
    const removed = live.map((stored) => stored._id);
    if (removed.length === 0) return;
    await rows.deleteMany({ message_id: { $in: removed } });
    await messages.updateMany({ _id: { $in: removed }, _pos: { $lt: position } }, { $set: { _pos: position }, $unset: { doc: '', keys: '' } });
  }

  async setFlags(userId: number, ids: readonly number[], bits: number, on: boolean, position: number): Promise<void> {
    const { rows } = await this.use();
    // At or before the position: one event may add a row and then set a flag on it (a star on a
    // message read from public history). The bit operations are idempotent, so a replayed event
    // setting its flags again changes nothing more; only writes of older events are skipped.
    await rows.updateMany(
      { user_id: userId, message_id: { $in: ids }, _pos: { $lte: position } },
      { $bit: { flags: on ? { or: bits } : { and: ~bits } }, $set: { _pos: position } },
    );
  }

  async rewriteFlags(messageId: number, mask: number, rows: readonly UserMessageRow[], position: number): Promise<void> {
    const collections = await this.use();
    const wanted = new Map(rows.map((row) => [row.user_id, row.flags]));
    const current = await collections.rows
      // At or before the position, as setFlags: a move adds rows and rewrites their content flags in one event.
      .find({ message_id: messageId, user_id: { $in: [...wanted.keys()] }, _pos: { $lte: position } }, { projection: { user_id: 1, flags: 1, _pos: 1 } })
      .toArray();
    if (current.length === 0) return;
    const updates = current.map((row) => {
      const flags = (row.flags & ~mask) | ((wanted.get(row.user_id) ?? 0) & mask);
      return { updateOne: { filter: { _id: row._id, _pos: row._pos }, update: { $set: { flags, _pos: position } } } };
    });
    await collections.rows.bulkWrite(updates, { ordered: false });
  }

  async addRows(userId: number, rows: readonly { message_id: number; flags: number }[], position: number): Promise<void> {
    const { messages, rows: userRows } = await this.use();
    const live = await messages.find({ _id: { $in: rows.map((row) => row.message_id) }, ...LIVE }, { projection: { keys: 1 } }).toArray();
    const keys = new Map(live.map((stored) => [stored._id, stored.keys]));
    const docs = rows.flatMap((row) => {
      const messageKeys = keys.get(row.message_id);
      return messageKeys ? [rowDocument(userId, row.message_id, row.flags, messageKeys, position)] : [];
    });
    await writeRows(userRows, docs);
  }

  async removeRows(messageId: number, userIds: readonly number[], position: number): Promise<void> {
    const { rows } = await this.use();
    await rows.updateMany(
      { _id: { $in: userIds.map((userId) => rowId(userId, messageId)) }, _pos: { $lt: position } },
      { $set: { _pos: position }, $unset: { user_id: '', message_id: '', flags: '', keys: '' } },
    );
  }

  async get(id: number): Promise<StoredMessage | undefined> {
    const { messages } = await this.use();
    return (await messages.findOne({ _id: id, ...LIVE }, { projection: { doc: 1 } }))?.doc;
  }

  async getMany(ids: readonly number[]): Promise<StoredMessage[]> {
    const { messages } = await this.use();
    const byId = await messagesById(messages, ids);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async headsOf(ids: readonly number[]): Promise<MessageHead[]> {
    const { messages } = await this.use();
    const byId = await headsById(messages, ids);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async flagsOf(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    const { rows } = await this.use();
    return flagsOf(rows, userId, ids);
  }

  async holders(messageId: number): Promise<number[]> {
    const { rows } = await this.use();
    const found = await rows.find({ message_id: messageId }, { sort: { user_id: 1 }, projection: { user_id: 1 } }).toArray();
    return found.map((row) => row.user_id);
  }

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    await this.use();
    return this.queries.page(query, window);
  }

  async matching(query: MessageQuery): Promise<number[]> {
    await this.use();
    return this.queries.matching(query);
  }

  async unread(userId: number): Promise<number[]> {
    const { rows } = await this.use();
    const found = await rows
      .find({ user_id: userId, flags: { $bitsAllClear: FlagBit.read } }, { sort: { message_id: 1 }, projection: { message_id: 1 } })
      .toArray();
    return found.map((row) => row.message_id);
  }

  async topics(channelId: number): Promise<TopicSummary[]> {
    await this.use();
    return this.queries.topics(channelId);
  }

  async topicIds(channelId: number, topic: string): Promise<number[]> {
    const { messages } = await this.use();
    const found = await messages
      .find({ 'keys.channel_id': channelId, 'keys.topic_key': topicKey(topic) }, { sort: { _id: 1 }, projection: { _id: 1 } })
      .toArray();
    return found.map((stored) => stored._id);
  }

  async topicSenders(channelId: number, topic: string): Promise<number[]> {
    await this.use();
    return this.queries.topicSenders(channelId, topic);
  }

  async conversations(userId: number, limit: number): Promise<DirectConversation[]> {
    await this.use();
    return this.queries.conversations(userId, limit);
  }

  async directRecipientId(userIds: readonly number[]): Promise<number | undefined> {
    const { conversations } = await this.use();
    return (await conversations.findOne({ _id: conversationKey(userIds) }))?.recipient_id;
  }

  async sentBefore(scope: RetentionScope, before: number, after: number, limit: number): Promise<ExpiredPage> {
    const { messages } = await this.use();
    const where = 'channelId' in scope ? { 'keys.channel_id': scope.channelId } : { 'keys.conv_key': { $exists: true } };
    const found = await messages
      .find({ ...where, _id: { $gt: after }, 'doc.date_sent': { $lt: before } }, { sort: { _id: 1 }, limit, projection: { _id: 1, 'doc.recipient': 1 } })
      .toArray();
    const page = found.flatMap((stored) => (stored.doc ? [{ id: stored._id, recipient: stored.doc.recipient }] : []));
    return { messages: page, next: found.length === limit ? found[found.length - 1]._id : null };
  }

  async maxId(userId: number): Promise<number> {
    const { rows } = await this.use();
    const newest = await rows.findOne({ user_id: userId }, { sort: { message_id: -1 }, projection: { message_id: 1 } });
    return newest?.message_id ?? -1;
  }

  async *scan(): AsyncIterable<MessageSnapshot> {
    yield* scanMessages(await this.use());
  }

  /** Nothing to finish: every index is kept up to date as it writes. */
  async caughtUp(): Promise<void> {}

  /** Drops the collections; their indexes are created again at the next use. */
  async clear(): Promise<void> {
    this.indexed = null;
    for (const collection of Object.values(this.collections)) {
      try {
        await collection.drop();
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
    }
  }

  /** The recipient id a message gets: its channel's, or its conversation's, fixed by the first message stored in it. */
  private async recipientId(message: MessageState): Promise<number> {
    const recipient = message.recipient;
    if (recipient.type === 'channel') return 2 * recipient.channel_id;
    const participants = [...recipient.user_ids].sort((a, b) => a - b);
    const conversation = await this.collections.conversations.findOneAndUpdate(
      { _id: conversationKey(participants) },
      { $setOnInsert: { recipient_id: 2 * message.id + 1, participants } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!conversation) throw new Error(`direct conversation ${conversationKey(participants)} not stored`);
    return conversation.recipient_id;
  }

  /** The collections, once their indexes exist (created lazily, again after a clear). */
  private async use(): Promise<MessageCollections> {
    this.indexed ??= createMessageIndexes(this.collections).catch((error: unknown) => {
      this.indexed = null;
      throw error;
    });
    await this.indexed;
    return this.collections;
  }
}

export const openMongoMessageStore = (db: Db): MessageStore => new MongoMessageStore(openMessageCollections(db));
