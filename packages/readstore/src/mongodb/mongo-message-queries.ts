import { HISTORY_ONLY_BITS, type MessageState } from '@chat/core';
import type { Collection } from 'mongodb';
import { matchesPredicate } from '../messages/message-predicate.js';
import {
  conversationKey,
  type DirectConversation,
  type MessageHead,
  type MessagePage,
  type MessagePredicate,
  type MessageQuery,
  type MessageWindow,
  type StoredMessage,
  topicKey,
  type TopicSummary,
} from '../messages/message-store.js';
import { LIVE, type MessageCollections, type MessageDocument, type RowDocument } from './mongo-message-documents.js';

/** A range of message ids, as a MongoDB condition. */
interface IdRange {
  $gt?: number;
  $gte?: number;
  $lt?: number;
  $lte?: number;
}

type Direction = 1 | -1;

/** One candidate read by a scan: its id, to carry on from, and whether it meets the query. */
interface Scanned {
  id: number;
  matches: boolean;
}

/** Reads up to `limit` candidates of a query within `range`, in id order. */
type Scan = (range: IdRange, direction: Direction, limit: number) => Promise<Scanned[]>;

/** The keys a query's conditions fix, pushed into the database; `matchesPredicate` still decides. */
interface KeyFilter {
  'keys.channel_id'?: number | { $in: number[] };
  'keys.topic_key'?: string;
  'keys.conv_key'?: string | { $type: 'string' };
  'keys.sender_id'?: number;
}

const NEWEST = Number.MAX_SAFE_INTEGER;
const EVERY_ID: IdRange = { $gte: Number.MIN_SAFE_INTEGER };
const MIN_BATCH = 50;
const MAX_BATCH = 1000;

/**
 * Each condition alone implies its key, so the filter only drops messages that could not match;
 * where conditions contradict, nothing matches either way.
 */
function keyFilter(where: readonly MessagePredicate[]): KeyFilter {
  const filter: KeyFilter = {};
  for (const pred of where) {
    if (pred.op === 'channel') filter['keys.channel_id'] = pred.channelId;
    else if (pred.op === 'channels') filter['keys.channel_id'] = { $in: [...pred.channelIds] };
    else if (pred.op === 'topic') filter['keys.topic_key'] = topicKey(pred.topic);
    else if (pred.op === 'conversation') filter['keys.conv_key'] = conversationKey(pred.userIds);
    else if (pred.op === 'direct') filter['keys.conv_key'] = { $type: 'string' };
    else if (pred.op === 'sender') filter['keys.sender_id'] = pred.userId;
  }
  return filter;
}

const matchesAll = (message: MessageState | undefined, bits: number, where: readonly MessagePredicate[]): boolean =>
  message !== undefined && where.every((pred) => matchesPredicate(message, bits, pred));

/** Matching ids from `range` on, in the scan's direction, until `limit` are found or the candidates end. */
async function collect(scan: Scan, range: IdRange, direction: Direction, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let bound = range;
  while (ids.length < limit) {
    const size = Math.min(MAX_BATCH, Math.max(MIN_BATCH, 2 * (limit - ids.length)));
    const scanned = await scan(bound, direction, size);
    for (const candidate of scanned) {
      if (candidate.matches) ids.push(candidate.id);
      if (ids.length === limit) return ids;
    }
    if (scanned.length < size) return ids;
    const last = scanned[scanned.length - 1].id;
    bound = direction === 1 ? { ...bound, $gt: last } : { ...bound, $lt: last };
  }
  return ids;
}

/** Live messages by id. */
export async function messagesById(messages: Collection<MessageDocument>, ids: readonly number[]): Promise<Map<number, StoredMessage>> {
  const found = await messages.find({ _id: { $in: ids }, ...LIVE }, { projection: { doc: 1 } }).toArray();
  return new Map(found.map((stored) => [stored._id, stored.doc]));
}

/** The heads of the live messages among `ids` (their bodies left in the database), by id. */
export async function headsById(messages: Collection<MessageDocument>, ids: readonly number[]): Promise<Map<number, MessageHead>> {
  const found = await messages.find({ _id: { $in: ids }, ...LIVE }, { projection: { 'doc.id': 1, 'doc.sender_id': 1, 'doc.recipient': 1, 'doc.date_sent': 1 } }).toArray();
  return new Map(found.map(({ doc }) => [doc.id, { id: doc.id, sender_id: doc.sender_id, recipient: doc.recipient, date_sent: doc.date_sent }]));
}

/** The user's rows among these messages: message id → flag bits. */
export async function flagsOf(rows: Collection<RowDocument>, userId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const found = await rows.find({ user_id: userId, message_id: { $in: ids } }, { projection: { message_id: 1, flags: 1 } }).toArray();
  return new Map(found.map((row) => [row.message_id, row.flags]));
}

/**
 * The store's reads beyond lookups by id. Pages and full matches over a user's history or some
 * channels run a sorted range query on the narrowest index the conditions allow, read in batches and
 * filtered with `matchesPredicate`, so the results are the memory adapter's; topic and conversation
 * summaries are aggregations.
 */
export class MongoMessageQueries {
  constructor(private readonly collections: MessageCollections) {}

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    const scan = this.scan(query);
    const anchoredLeft = window.anchor <= 0;
    const anchoredRight = window.anchor >= NEWEST;
    const before = anchoredLeft ? [] : await collect(scan, { $lt: window.anchor }, -1, window.num_before);
    const anchor = { $gte: window.anchor, $lte: window.anchor };
    const foundAnchor = window.include_anchor && !anchoredLeft && !anchoredRight && (await collect(scan, anchor, 1, 1)).length > 0;
    const after = anchoredRight ? [] : await collect(scan, { $gt: window.anchor }, 1, window.num_after);
    return {
      ids: [...before.reverse(), ...(foundAnchor ? [window.anchor] : []), ...after],
      found_anchor: foundAnchor,
      found_oldest: anchoredLeft || before.length < window.num_before,
      found_newest: anchoredRight || after.length < window.num_after,
    };
  }

  matching(query: MessageQuery): Promise<number[]> {
    return collect(this.scan(query), EVERY_ID, 1, Number.POSITIVE_INFINITY);
  }

  async topics(channelId: number): Promise<TopicSummary[]> {
    const { messages } = this.collections;
    // Walking the (channel, topic, id) index backwards, the first message of each topic is its newest.
    const found = await messages
      .aggregate<{ _id: string } & TopicSummary>([
        { $match: { 'keys.channel_id': channelId } },
        { $sort: { 'keys.channel_id': -1, 'keys.topic_key': -1, _id: -1 } },
        { $group: { _id: '$keys.topic_key', name: { $first: '$doc.recipient.topic' }, max_id: { $first: '$_id' } } },
        { $sort: { max_id: -1 } },
      ])
      .toArray();
    return found.map(({ name, max_id }) => ({ name, max_id }));
  }

  async topicSenders(channelId: number, topic: string): Promise<number[]> {
    const { messages } = this.collections;
    const found = await messages
      .aggregate<{ _id: number }>([
        { $match: { 'keys.channel_id': channelId, 'keys.topic_key': topicKey(topic) } },
        { $group: { _id: '$keys.sender_id' } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    return found.map((sender) => sender._id);
  }

  async conversations(userId: number, limit: number): Promise<DirectConversation[]> {
    const { rows, conversations } = this.collections;
    // The user's newest row in each conversation, walking the (user, conversation, id) index backwards.
    const newest = await rows
      .aggregate<{ _id: string; max_message_id: number }>([
        { $match: { user_id: userId, 'keys.conv_key': { $type: 'string' } } },
        { $sort: { user_id: -1, 'keys.conv_key': -1, message_id: -1 } },
        { $group: { _id: '$keys.conv_key', max_message_id: { $first: '$message_id' } } },
      ])
      .toArray();
    const found = await conversations.find({ _id: { $in: newest.map((conversation) => conversation._id) }, participants: userId }).toArray();
    const participants = new Map(found.map((conversation) => [conversation._id, conversation.participants]));
    return newest
      .flatMap(({ _id, max_message_id }) => {
        const users = participants.get(_id);
        return users ? [{ user_ids: users.filter((id) => id !== userId), max_message_id }] : [];
      })
      .sort((a, b) => b.max_message_id - a.max_message_id)
      .slice(0, limit);
  }

  private scan(query: MessageQuery): Scan {
    return query.source.kind === 'history' ? this.historyScan(query) : this.channelsScan(query, query.source.channelIds);
  }

  /** The user's rows, narrowed by the keys the conditions fix; a row's flags are the user's bits. */
  private historyScan(query: MessageQuery): Scan {
    const { messages, rows } = this.collections;
    const filter = { user_id: query.userId, ...keyFilter(query.where) };
    return async (range, direction, limit) => {
      const found = await rows
        .find({ ...filter, message_id: range }, { sort: { message_id: direction }, limit, projection: { message_id: 1, flags: 1 } })
        .toArray();
      const byId = await messagesById(messages, found.map((row) => row.message_id));
      return found.map((row) => ({ id: row.message_id, matches: matchesAll(byId.get(row.message_id), row.flags, query.where) }));
    };
  }

  /** Every message of the channels; the user's rows give the bits, a message without one reads as history only. */
  private channelsScan(query: MessageQuery, channelIds: readonly number[]): Scan {
    const { messages, rows } = this.collections;
    // The source's channels last: a condition's channel must not widen the source.
    const filter = { ...keyFilter(query.where), 'keys.channel_id': { $in: [...channelIds] } };
    return async (range, direction, limit) => {
      const found = await messages.find({ ...filter, _id: range }, { sort: { _id: direction }, limit, projection: { doc: 1 } }).toArray();
      const bits = await flagsOf(rows, query.userId, found.map((stored) => stored._id));
      return found.map((stored) => ({ id: stored._id, matches: matchesAll(stored.doc, bits.get(stored._id) ?? HISTORY_ONLY_BITS, query.where) }));
    };
  }
}
