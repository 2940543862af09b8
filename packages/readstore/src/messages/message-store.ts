import type { MessageRecipient, MessageState } from '@chat/core';

/** A message as the store hands it out: with the id of its conversation (channel or direct group). */
export interface StoredMessage extends MessageState {
  /**
   * The conversation's id, as clients group by it: `2 × channel_id` for a channel, and
   * `2 × (first message id) + 1` for a direct conversation, assigned when its first message is stored.
   */
  recipient_id: number;
}

/** Where a message went and who sent it: what flag changes and unread counts need, without its body. */
export type MessageHead = Pick<MessageState, 'id' | 'sender_id' | 'recipient' | 'date_sent'>;

/** A user's flags for one message (bits of FlagBit). */
export interface UserMessageRow {
  user_id: number;
  flags: number;
}

/**
 * The users a new message enters the history of: `user_ids[i]` with the flag bits `flags[i]`. Two
 * parallel lists rather than a row object per user: a replay inserts a million messages of thirty
 * receivers, and thirty objects per message were most of what it allocated.
 */
export interface MessageReceivers {
  user_ids: readonly number[];
  flags: ArrayLike<number>;
}

/**
 * One condition on messages, as narrows need them. Topics compare case-insensitively; `flags` holds
 * when any of the bits is set for the query's user (a message outside their history reads as
 * `read` + `historical`).
 */
export type MessagePredicate =
  | { op: 'channel'; channelId: number }
  | { op: 'channels'; channelIds: readonly number[] }
  | { op: 'topic'; topic: string }
  | { op: 'direct' }
  /** The exact direct conversation: every participant, the sender included. */
  | { op: 'conversation'; userIds: readonly number[] }
  | { op: 'dm-including'; userId: number }
  | { op: 'sender'; userId: number }
  | { op: 'flags'; bits: number }
  | { op: 'ids'; ids: readonly number[] }
  /**
   * Every word (a quoted phrase: its words in a row) appears in the topic or the content's text, as
   * stemmed words (see search-text.ts). Stores evaluate it one message at a time; searches go to the SearchIndex.
   */
  | { op: 'search'; words: readonly string[] }
  | { op: 'resolved' }
  | { op: 'has'; what: 'link' | 'image' | 'attachment' | 'reaction' }
  | { op: 'not'; of: MessagePredicate };

/**
 * Which messages a query looks at: the user's own history (messages they received or that entered
 * their history), or every message of some channels (public history a user may read).
 */
export type MessageSource = { kind: 'history' } | { kind: 'channels'; channelIds: readonly number[] };

export interface MessageQuery {
  userId: number;
  source: MessageSource;
  where: readonly MessagePredicate[];
}

/** Around which id to read, and how far. Use 0 for the oldest end and Number.MAX_SAFE_INTEGER for the newest. */
export interface MessageWindow {
  anchor: number;
  include_anchor: boolean;
  num_before: number;
  num_after: number;
}

export interface MessagePage {
  /** Ascending. */
  ids: number[];
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
}

/** A message with every user's row of it: what the store holds about one message. */
export interface MessageSnapshot {
  message: StoredMessage;
  /** Ascending by user id. */
  rows: UserMessageRow[];
}

export interface TopicSummary {
  /** The topic as most recently written. */
  name: string;
  max_id: number;
}

export interface DirectConversation {
  /** The other participants (empty for a conversation with oneself), ascending. */
  user_ids: number[];
  max_message_id: number;
}

/** Where a retention sweep looks: one channel (every topic), or every direct conversation. */
export type RetentionScope = { channelId: number } | { direct: true };

/** A page of what a retention sweep reads (see MessageStore.sentBefore). */
export interface ExpiredPage {
  /** Messages sent before the cut-off, ascending by id, with where they are. */
  messages: { id: number; recipient: MessageRecipient }[];
  /** The id to continue after; null when the scope holds nothing more past the page. */
  next: number | null;
}

/**
 * The messages read model, shaped for its queries: messages by id, per-user flag rows, per-channel and
 * per-topic id lists, direct conversations. Writes carry the log position of the event that caused
 * them, so an adapter that persists can ignore a write it has already applied.
 */
export interface MessageStore {
  /**
   * A new message and the users who receive it, with their flags. Answers the conversation's id it
   * holds the message under (`recipient_id`), whether it stored it now or before; null when the id is
   * one of a message stored and removed already, which an adapter that keeps removed ids taken
   * (MongoDB's tombstones) does not store again.
   */
  insert(message: MessageState, receivers: MessageReceivers, position: number): Promise<number | null>;
  /** A changed message (content, topic, channel, reactions, history); its rows are kept. */
  replace(message: MessageState, position: number): Promise<void>;
  remove(ids: readonly number[], position: number): Promise<void>;
  /** Sets (`on`) or clears `bits` on the user's existing rows of these messages. */
  setFlags(userId: number, ids: readonly number[], bits: number, on: boolean, position: number): Promise<void>;
  /** Replaces the bits under `mask` on each listed user's row of one message (edits recompute mentions). */
  rewriteFlags(messageId: number, mask: number, rows: readonly UserMessageRow[], position: number): Promise<void>;
  /** Rows for messages that enter the user's history later (historical flags, reactions, stars). */
  addRows(userId: number, rows: readonly { message_id: number; flags: number }[], position: number): Promise<void>;
  /** Drops users' rows of a message (a move into a channel they cannot read). */
  removeRows(messageId: number, userIds: readonly number[], position: number): Promise<void>;

  get(id: number): Promise<StoredMessage | undefined>;
  /** The messages that exist, in the order asked. */
  getMany(ids: readonly number[]): Promise<StoredMessage[]>;
  /**
   * The heads of the messages that exist, in the order asked: nothing of their bodies is read (an
   * adapter that keeps bodies in the log reads none, and its cache of recent bodies is left alone).
   */
  headsOf(ids: readonly number[]): Promise<MessageHead[]>;
  /** The user's rows among these messages: message id → flag bits. */
  flagsOf(userId: number, ids: readonly number[]): Promise<Map<number, number>>;
  /** Users with a row for the message, ascending. */
  holders(messageId: number): Promise<number[]>;
  page(query: MessageQuery, window: MessageWindow): Promise<MessagePage>;
  /** Every message id of the query, ascending. */
  matching(query: MessageQuery): Promise<number[]>;
  /** The user's unread message ids, ascending. */
  unread(userId: number): Promise<number[]>;
  /** The channel's topics, most recently active first. */
  topics(channelId: number): Promise<TopicSummary[]>;
  /** The ids in one topic of a channel, ascending. */
  topicIds(channelId: number, topic: string): Promise<number[]>;
  /** Users who have sent a message to the topic. */
  topicSenders(channelId: number, topic: string): Promise<number[]>;
  /** The user's direct conversations with their latest message id, most recent first. */
  conversations(userId: number, limit: number): Promise<DirectConversation[]>;
  /** The conversation id a direct message among these participants has, if one was ever sent. */
  directRecipientId(userIds: readonly number[]): Promise<number | undefined>;
  /**
   * The retention sweep's read: messages of the scope sent before `before` (ms since the epoch) with an
   * id above `after`, ascending. A page looks at a bounded number of messages (about `limit`), so it
   * may hold fewer than `limit`, or none, and still name a `next`: read on until `next` is null.
   */
  sentBefore(scope: RetentionScope, before: number, after: number, limit: number): Promise<ExpiredPage>;
  /** The newest message id in the user's history, or -1 when it is empty. */
  maxId(userId: number): Promise<number>;
  /**
   * Every message with its rows, ascending by id (digests and exports of the whole model). What it yields
   * is never changed by later writes, so a digest can hash a scan taken at one position afterwards.
   */
  scan(): AsyncIterable<MessageSnapshot>;
  /**
   * The writes so far were a catch-up with the log (a start-up, a replay): an adapter that deferred an
   * index while they ran builds it now. Reads never depend on this call; it only moves the work.
   */
  caughtUp(): Promise<void>;
  clear(): Promise<void>;
}

/** Topics compare case-insensitively; this is the key they are indexed by. */
export const topicKey = (topic: string): string => topic.toLowerCase();

/** A direct conversation's key: its participants ascending. */
export const conversationKey = (userIds: readonly number[]): string => [...userIds].sort((a, b) => a - b).join(',');

export const recipientKeyOf = (recipient: MessageRecipient): string =>
  recipient.type === 'channel' ? `c${recipient.channel_id}` : `d${conversationKey(recipient.user_ids)}`;
