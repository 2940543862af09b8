import type { MessageState } from '@chat/core';
import { type Collection, type Db, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { conversationKey, type StoredMessage, topicKey } from '../messages/message-store.js';

/** What a message is found by. Rows carry a copy, so narrowing a user's history runs on an index. */
export interface MessageKeys {
  sender_id: number;
  /** Channel messages only. */
  channel_id?: number;
  /** Channel messages only: the topic lowercased. */
  topic_key?: string;
  /** Direct messages only: the participants ascending. */
  conv_key?: string;
}

/**
 * A message. A removed message leaves a tombstone, `_id` and `_pos` only, so a replayed insert finds
 * the id taken; every read filters on a field only live documents have.
 */
export interface MessageDocument {
  _id: number;
  /** Log position of the last write: a write at this position or older is a replay and changes nothing. */
  _pos: number;
  doc: StoredMessage;
  keys: MessageKeys;
}

/**
 * A user's row of a message. `removeRows` leaves a tombstone, `_id` and `_pos` only, so a replayed
 * `addRows` cannot bring the row back; no read matches it, since it has no user or message id.
 */
export interface RowDocument {
  /** `${user_id}:${message_id}`: one row per user and message. */
  _id: string;
  _pos: number;
  user_id: number;
  message_id: number;
  flags: number;
  keys: MessageKeys;
  /** Position of the replace that last rewrote `keys` (absent: the insert's or addRows' own). */
  keys_pos?: number;
}

/** A direct conversation: its recipient id is fixed by the first message stored in it. */
export interface ConversationDocument {
  /** The conversation key (participants ascending). */
  _id: string;
  recipient_id: number;
  participants: number[];
}

export interface MessageCollections {
  messages: Collection<MessageDocument>;
  rows: Collection<RowDocument>;
  conversations: Collection<ConversationDocument>;
}

export const openMessageCollections = (db: Db): MessageCollections => ({
  messages: db.collection<MessageDocument>('messages'),
  rows: db.collection<RowDocument>('user_messages'),
  conversations: db.collection<ConversationDocument>('direct_conversations'),
});

/** Live messages, not tombstones. */
export const LIVE = { doc: { $exists: true } } as const;

export function keysOf(message: MessageState): MessageKeys {
  const recipient = message.recipient;
  return recipient.type === 'channel'
    ? { sender_id: message.sender_id, channel_id: recipient.channel_id, topic_key: topicKey(recipient.topic) }
    : { sender_id: message.sender_id, conv_key: conversationKey(recipient.user_ids) };
}

export const sameKeys = (a: MessageKeys, b: MessageKeys): boolean =>
  a.sender_id === b.sender_id && a.channel_id === b.channel_id && a.topic_key === b.topic_key && a.conv_key === b.conv_key;

export const rowId = (userId: number, messageId: number): string => `${userId}:${messageId}`;

export const rowDocument = (user_id: number, message_id: number, flags: number, keys: MessageKeys, position: number): RowDocument => ({
  _id: rowId(user_id, message_id),
  _pos: position,
  user_id,
  message_id,
  flags,
  keys,
});

const DUPLICATE_KEY = 11000;

/** Whether a write failed only because documents with its ids exist already. */
export function onlyDuplicates(error: unknown): boolean {
  if (error instanceof MongoBulkWriteError) {
    const errors = [error.writeErrors].flat();
    return !error.err && errors.length > 0 && errors.every((writeError) => writeError.code === DUPLICATE_KEY);
  }
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/**
 * Writes rows unless a row holds a write at their position or later. The filter matches only an
 * older version; when none matches, the upsert inserts, and that insert collides on `_id` exactly
 * when a version at least as new is stored: that collision is the write being skipped.
 */
export async function writeRows(rows: Collection<RowDocument>, docs: readonly RowDocument[]): Promise<void> {
  if (docs.length === 0) return;
  try {
    await rows.bulkWrite(
      docs.map(({ _id, ...fields }) => ({ updateOne: { filter: { _id, _pos: { $lt: fields._pos } }, update: { $set: fields }, upsert: true } })),
      { ordered: false },
    );
  } catch (error) {
    if (!onlyDuplicates(error)) throw error;
  }
}

/**
 * The indexes every query walks: a channel's or topic's messages in id order; a user's rows in id
 * order, whole or narrowed to a channel, topic or conversation; a message's holders. A row's `_id`
 * already makes it unique per user and message, so (user_id, message_id) need not be a unique index
 * (tombstones, lacking both, would collide in one).
 */
export async function createMessageIndexes({ messages, rows }: MessageCollections): Promise<void> {
  await messages.createIndex({ 'keys.channel_id': 1, _id: 1 });
  await messages.createIndex({ 'keys.channel_id': 1, 'keys.topic_key': 1, _id: 1 });
  // The retention sweep reads direct messages in id order.
  await messages.createIndex({ 'keys.conv_key': 1, _id: 1 });
  await rows.createIndex({ user_id: 1, message_id: 1 });
  await rows.createIndex({ user_id: 1, 'keys.channel_id': 1, message_id: 1 });
  await rows.createIndex({ user_id: 1, 'keys.channel_id': 1, 'keys.topic_key': 1, message_id: 1 });
  await rows.createIndex({ user_id: 1, 'keys.conv_key': 1, message_id: 1 });
  await rows.createIndex({ message_id: 1, user_id: 1 });
}
