import { HISTORY_ONLY_BITS, type MessageRecipient, type MessageState } from '@chat/core';
import { matchesPredicate } from '../../messages/message-predicate.js';
import {
  conversationKey,
  type DirectConversation,
  type MessagePage,
  type MessagePredicate,
  type MessageQuery,
  type MessageStore,
  type MessageWindow,
  type StoredMessage,
  type TopicSummary,
  topicKey,
  type UserMessageRow,
} from '../../messages/message-store.js';
import { SortedIds } from './sorted-ids.js';

interface TopicIndex {
  name: string;
  ids: SortedIds;
  /** Messages per sender, for topic wildcard mentions. */
  senders: Map<number, number>;
}

interface Conversation {
  recipient_id: number;
  participants: number[];
  ids: SortedIds;
}

/** Ids to walk: an index, or several merged. */
interface IdList {
  readonly length: number;
  at(index: number): number;
  lowerBound(id: number): number;
}

class ArrayIds implements IdList {
  constructor(private readonly ids: number[]) {}
  get length(): number {
    return this.ids.length;
  }
  at(index: number): number {
    return this.ids[index];
  }
  lowerBound(id: number): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ids[mid] < id) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

const sortedIdList = (ids: SortedIds): IdList => ({
  get length() {
    return ids.length;
  },
  at: (index) => ids.ids[index],
  lowerBound: (id) => ids.lowerBound(id),
});

const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * The embedded messages read model: messages by id; per user a sorted Int32Array of ids with a
 * parallel byte of flags (about five bytes a row); per channel, topic and direct conversation a
 * sorted id list. Queries walk the narrowest list from the anchor.
 */
export class MemoryMessageStore implements MessageStore {
  private readonly messages = new Map<number, StoredMessage>();
  private readonly holderIds = new Map<number, SortedIds>();
  private readonly users = new Map<number, SortedIds>();
  private readonly channels = new Map<number, { all: SortedIds; topics: Map<string, TopicIndex> }>();
  private readonly directs = new Map<string, Conversation>();
  private readonly userConversations = new Map<number, Set<string>>();

  async insert(message: MessageState, rows: readonly UserMessageRow[], _position: number): Promise<void> {
    if (this.messages.has(message.id)) return;
    const stored = { ...message, recipient_id: this.index(message) };
    this.messages.set(message.id, stored);
    const holders = new SortedIds(false, Math.max(1, rows.length));
    for (const row of rows) {
      this.rowsOf(row.user_id).add(message.id, row.flags);
      holders.add(row.user_id);
    }
    this.holderIds.set(message.id, holders);
  }

  async replace(message: MessageState, _position: number): Promise<void> {
    const old = this.messages.get(message.id);
    if (!old) return;
    let recipient_id = old.recipient_id;
    if (!sameRecipient(old.recipient, message.recipient) || old.sender_id !== message.sender_id) {
      this.unindex(old);
      recipient_id = this.index(message);
    }
    this.messages.set(message.id, { ...message, recipient_id });
  }

  async remove(ids: readonly number[], _position: number): Promise<void> {
    for (const id of ids) {
      const message = this.messages.get(id);
      if (!message) continue;
      this.unindex(message);
      for (const userId of this.holderIds.get(id)?.toArray() ?? []) this.users.get(userId)?.remove(id);
      this.holderIds.delete(id);
      this.messages.delete(id);
    }
  }

  async setFlags(userId: number, ids: readonly number[], bits: number, on: boolean, _position: number): Promise<void> {
    const rows = this.users.get(userId);
    if (!rows?.bytes) return;
    for (const id of ids) {
      const at = rows.indexOf(id);
      if (at >= 0) rows.bytes[at] = on ? rows.bytes[at] | bits : rows.bytes[at] & ~bits;
    }
  }

  async rewriteFlags(messageId: number, mask: number, rows: readonly UserMessageRow[], _position: number): Promise<void> {
    for (const row of rows) {
      const userRows = this.users.get(row.user_id);
      const at = userRows ? userRows.indexOf(messageId) : -1;
      if (userRows?.bytes && at >= 0) userRows.bytes[at] = (userRows.bytes[at] & ~mask) | (row.flags & mask);
    }
  }

  async addRows(userId: number, rows: readonly { message_id: number; flags: number }[], _position: number): Promise<void> {
    for (const row of rows) {
      const holders = this.holderIds.get(row.message_id);
      if (!holders) continue;
      this.rowsOf(userId).add(row.message_id, row.flags);
      holders.add(userId);
    }
  }

  async removeRows(messageId: number, userIds: readonly number[], _position: number): Promise<void> {
    const holders = this.holderIds.get(messageId);
    for (const userId of userIds) {
      this.users.get(userId)?.remove(messageId);
      holders?.remove(userId);
    }
  }

  async get(id: number): Promise<StoredMessage | undefined> {
    return this.messages.get(id);
  }

  async getMany(ids: readonly number[]): Promise<StoredMessage[]> {
    const found: StoredMessage[] = [];
    for (const id of ids) {
      const message = this.messages.get(id);
      if (message) found.push(message);
    }
    return found;
  }

  async flagsOf(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    const rows = this.users.get(userId);
    const flags = new Map<number, number>();
    if (!rows) return flags;
    for (const id of ids) {
      const bits = rows.byteOf(id);
      if (bits !== undefined) flags.set(id, bits);
    }
    return flags;
  }

  async holders(messageId: number): Promise<number[]> {
    return this.holderIds.get(messageId)?.toArray() ?? [];
  }

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    const list = this.candidates(query);
    const matches = this.matcher(query);
    const anchoredLeft = window.anchor <= 0;
    const anchoredRight = window.anchor >= NEWEST;
    const start = list.lowerBound(window.anchor);
    const before: number[] = [];
    for (let i = start - 1; i >= 0 && before.length < window.num_before && !anchoredLeft; i--) {
      if (matches(list.at(i))) before.push(list.at(i));
    }
    before.reverse();
    let i = start;
    let foundAnchor = false;
    if (i < list.length && list.at(i) === window.anchor) {
      foundAnchor = window.include_anchor && matches(window.anchor);
      i++;
    }
    const after: number[] = [];
    for (; i < list.length && after.length < window.num_after && !anchoredRight; i++) {
      if (matches(list.at(i))) after.push(list.at(i));
    }
    return {
      ids: [...before, ...(foundAnchor ? [window.anchor] : []), ...after],
      found_anchor: foundAnchor,
      found_oldest: anchoredLeft || before.length < window.num_before,
      found_newest: anchoredRight || after.length < window.num_after,
    };
  }

  async matching(query: MessageQuery): Promise<number[]> {
    const list = this.candidates(query);
    const matches = this.matcher(query);
    const ids: number[] = [];
    for (let i = 0; i < list.length; i++) if (matches(list.at(i))) ids.push(list.at(i));
    return ids;
  }

  async unread(userId: number): Promise<number[]> {
    const rows = this.users.get(userId);
    const unread: number[] = [];
    if (!rows?.bytes) return unread;
    for (let i = 0; i < rows.length; i++) if ((rows.bytes[i] & 1) === 0) unread.push(rows.ids[i]);
    return unread;
  }

  async topics(channelId: number): Promise<TopicSummary[]> {
    const topics: TopicSummary[] = [];
    for (const topic of this.channels.get(channelId)?.topics.values() ?? []) {
      const max = topic.ids.last();
      if (max !== undefined) topics.push({ name: topic.name, max_id: max });
    }
    return topics.sort((a, b) => b.max_id - a.max_id);
  }

  async topicIds(channelId: number, topic: string): Promise<number[]> {
    return this.channels.get(channelId)?.topics.get(topicKey(topic))?.ids.toArray() ?? [];
  }

  async topicSenders(channelId: number, topic: string): Promise<number[]> {
    const senders = this.channels.get(channelId)?.topics.get(topicKey(topic))?.senders;
    return senders ? [...senders.keys()].sort((a, b) => a - b) : [];
  }

  async conversations(userId: number, limit: number): Promise<DirectConversation[]> {
    const found: DirectConversation[] = [];
    const rows = this.users.get(userId);
    for (const key of this.userConversations.get(userId) ?? []) {
      const conversation = this.directs.get(key);
      if (!conversation || !rows) continue;
      // The newest message of the conversation that is still in the user's history.
      for (let i = conversation.ids.length - 1; i >= 0; i--) {
        const id = conversation.ids.ids[i];
        if (!rows.has(id)) continue;
        found.push({ user_ids: conversation.participants.filter((id) => id !== userId), max_message_id: id });
        break;
      }
    }
    return found.sort((a, b) => b.max_message_id - a.max_message_id).slice(0, limit);
  }

  async directRecipientId(userIds: readonly number[]): Promise<number | undefined> {
    return this.directs.get(conversationKey(userIds))?.recipient_id;
  }

  async maxId(userId: number): Promise<number> {
    return this.users.get(userId)?.last() ?? -1;
  }

  async clear(): Promise<void> {
    this.messages.clear();
    this.holderIds.clear();
    this.users.clear();
    this.channels.clear();
    this.directs.clear();
    this.userConversations.clear();
  }

  private rowsOf(userId: number): SortedIds {
    let rows = this.users.get(userId);
    if (!rows) {
      rows = new SortedIds(true, 64);
      this.users.set(userId, rows);
    }
    return rows;
  }

  /** Adds the message to its channel, topic or conversation list; returns its recipient id. */
  private index(message: MessageState): number {
    const recipient = message.recipient;
    if (recipient.type === 'channel') {
      let channel = this.channels.get(recipient.channel_id);
      if (!channel) {
        channel = { all: new SortedIds(), topics: new Map() };
        this.channels.set(recipient.channel_id, channel);
      }
      channel.all.add(message.id);
      const key = topicKey(recipient.topic);
      let topic = channel.topics.get(key);
      if (!topic) {
        topic = { name: recipient.topic, ids: new SortedIds(), senders: new Map() };
        channel.topics.set(key, topic);
      }
      topic.ids.add(message.id);
      if (topic.ids.last() === message.id) topic.name = recipient.topic;
      topic.senders.set(message.sender_id, (topic.senders.get(message.sender_id) ?? 0) + 1);
      return 2 * recipient.channel_id;
    }
    const key = conversationKey(recipient.user_ids);
    let conversation = this.directs.get(key);
    if (!conversation) {
      conversation = { recipient_id: 2 * message.id + 1, participants: [...recipient.user_ids].sort((a, b) => a - b), ids: new SortedIds() };
      this.directs.set(key, conversation);
      for (const userId of conversation.participants) {
        let keys = this.userConversations.get(userId);
        if (!keys) {
          keys = new Set();
          this.userConversations.set(userId, keys);
        }
        keys.add(key);
      }
    }
    conversation.ids.add(message.id);
    return conversation.recipient_id;
  }

  private unindex(message: MessageState): void {
    const recipient = message.recipient;
    if (recipient.type === 'direct') {
      this.directs.get(conversationKey(recipient.user_ids))?.ids.remove(message.id);
      return;
    }
    const channel = this.channels.get(recipient.channel_id);
    if (!channel) return;
    channel.all.remove(message.id);
    const key = topicKey(recipient.topic);
    const topic = channel.topics.get(key);
    if (!topic) return;
    topic.ids.remove(message.id);
    const count = (topic.senders.get(message.sender_id) ?? 1) - 1;
    if (count > 0) topic.senders.set(message.sender_id, count);
    else topic.senders.delete(message.sender_id);
    const last = topic.ids.last();
    if (last === undefined) channel.topics.delete(key);
    else if (last < message.id) {
      // The newest message went: the topic is spelled as the newest one left writes it.
      const newest = this.messages.get(last)?.recipient;
      if (newest?.type === 'channel') topic.name = newest.topic;
    }
  }

  /** The narrowest index the query's source and conditions allow. */
  private candidates(query: MessageQuery): IdList {
    const topic = query.where.find((pred): pred is Extract<MessagePredicate, { op: 'topic' }> => pred.op === 'topic');
    const channelOf = (channelId: number): IdList => {
      const channel = this.channels.get(channelId);
      const ids = topic ? channel?.topics.get(topicKey(topic.topic))?.ids : channel?.all;
      return ids ? sortedIdList(ids) : new ArrayIds([]);
    };
    if (query.source.kind === 'channels') {
      const lists = query.source.channelIds.map(channelOf);
      if (lists.length === 1) return lists[0];
      const merged: number[] = [];
      for (const list of lists) for (let i = 0; i < list.length; i++) merged.push(list.at(i));
      return new ArrayIds(merged.sort((a, b) => a - b));
    }
    const channel = query.where.find((pred): pred is Extract<MessagePredicate, { op: 'channel' }> => pred.op === 'channel');
    if (channel) return channelOf(channel.channelId);
    const conversation = query.where.find((pred): pred is Extract<MessagePredicate, { op: 'conversation' }> => pred.op === 'conversation');
    if (conversation) {
      const ids = this.directs.get(conversationKey(conversation.userIds))?.ids;
      return ids ? sortedIdList(ids) : new ArrayIds([]);
    }
    const rows = this.users.get(query.userId);
    return rows ? sortedIdList(rows) : new ArrayIds([]);
  }

  private matcher(query: MessageQuery): (id: number) => boolean {
    const rows = this.users.get(query.userId);
    const fromHistory = query.source.kind === 'history';
    return (id) => {
      const message = this.messages.get(id);
      if (!message) return false;
      const row = rows?.byteOf(id);
      if (row === undefined && fromHistory) return false;
      const bits = row ?? HISTORY_ONLY_BITS;
      for (const pred of query.where) if (!matchesPredicate(message, bits, pred)) return false;
      return true;
    };
  }
}

function sameRecipient(a: MessageRecipient, b: MessageRecipient): boolean {
  if (a.type === 'channel' && b.type === 'channel') return a.channel_id === b.channel_id && a.topic === b.topic;
  if (a.type === 'direct' && b.type === 'direct') return conversationKey(a.user_ids) === conversationKey(b.user_ids);
  return false;
}
