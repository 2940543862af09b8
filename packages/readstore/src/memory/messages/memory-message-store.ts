import { HISTORY_ONLY_BITS, type MessageRecipient, type MessageState } from '@chat/core';
import { matchesPredicate } from '../../messages/message-predicate.js';
import {
  conversationKey,
  type DirectConversation,
  type MessagePage,
  type MessagePredicate,
  type MessageSnapshot,
  type MessageQuery,
  type MessageStore,
  type MessageWindow,
  type StoredMessage,
  type TopicSummary,
  type UserMessageRow,
} from '../../messages/message-store.js';
import { CompactMessages } from './compact-messages.js';
import { HolderLists } from './holder-lists.js';
import { allMatching, readWindow } from './message-window.js';
import { DenseIdMap } from './dense-id-map.js';
import { RecipientIndex } from './recipient-index.js';
import { SortedIds } from './sorted-ids.js';

/**
 * A user's first rows buffer: most users receive hundreds of messages, and every growth is an
 * allocation and a copy (1.3 KB a user).
 */
const USER_ROWS_CAPACITY = 256;

/**
 * The embedded messages read model: messages by id; per user a sorted Int32Array of ids with a
 * parallel byte of flags (about five bytes a row); per channel, topic and direct conversation a
 * sorted id list. Queries walk the narrowest list from the anchor.
 */
export class MemoryMessageStore implements MessageStore {
  private readonly messages = new DenseIdMap<StoredMessage>();
  private readonly holderIds = new HolderLists();
  private readonly compact = new CompactMessages();
  private readonly users = new DenseIdMap<SortedIds>();
  private readonly recipients = new RecipientIndex();

  async insert(message: MessageState, rows: readonly UserMessageRow[], _position: number): Promise<void> {
    if (this.messages.has(message.id)) return;
    this.messages.set(message.id, this.compact.stored(message, this.recipients.add(message)));
    const holders: number[] = new Array<number>(rows.length);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      this.rowsOf(row.user_id).add(message.id, row.flags);
      holders[index] = row.user_id;
    }
    this.holderIds.set(message.id, holders);
  }

  async replace(message: MessageState, _position: number): Promise<void> {
    const old = this.messages.get(message.id);
    if (!old) return;
    let recipient_id = old.recipient_id;
    if (!sameRecipient(old.recipient, message.recipient) || old.sender_id !== message.sender_id) {
      this.recipients.remove(old, (id) => this.topicOf(id));
      recipient_id = this.recipients.add(message);
    }
    this.messages.set(message.id, this.compact.stored(message, recipient_id));
  }

  async remove(ids: readonly number[], _position: number): Promise<void> {
    for (const id of ids) {
      const message = this.messages.get(id);
      if (!message) continue;
      this.recipients.remove(message, (id) => this.topicOf(id));
      for (const userId of this.holderIds.get(id)) this.users.get(userId)?.remove(id);
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
      if (!this.holderIds.has(row.message_id)) continue;
      this.rowsOf(userId).add(row.message_id, row.flags);
      this.holderIds.add(row.message_id, userId);
    }
  }

  async removeRows(messageId: number, userIds: readonly number[], _position: number): Promise<void> {
    for (const userId of userIds) this.users.get(userId)?.remove(messageId);
    this.holderIds.remove(messageId, userIds);
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
    return this.holderIds.get(messageId);
  }

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    return readWindow(this.candidates(query), this.matcher(query), window);
  }

  async matching(query: MessageQuery): Promise<number[]> {
    return allMatching(this.candidates(query), this.matcher(query));
  }

  async unread(userId: number): Promise<number[]> {
    const rows = this.users.get(userId);
    const unread: number[] = [];
    if (!rows?.bytes) return unread;
    for (let i = 0; i < rows.length; i++) if ((rows.bytes[i] & 1) === 0) unread.push(rows.ids[i]);
    return unread;
  }

  async topics(channelId: number): Promise<TopicSummary[]> {
    return this.recipients.topics(channelId);
  }

  async topicIds(channelId: number, topic: string): Promise<number[]> {
    return this.recipients.channelIds(channelId, topic).toArray();
  }

  async topicSenders(channelId: number, topic: string): Promise<number[]> {
    return this.recipients.topicSenders(channelId, topic);
  }

  async conversations(userId: number, limit: number): Promise<DirectConversation[]> {
    const found: DirectConversation[] = [];
    const rows = this.users.get(userId);
    if (!rows) return found;
    for (const conversation of this.recipients.conversationsOf(userId)) {
      // The newest message of the conversation that is still in the user's history.
      for (let i = conversation.ids.length - 1; i >= 0; i--) {
        const id = conversation.ids.at(i);
        if (!rows.has(id)) continue;
        found.push({ user_ids: conversation.participants.filter((each) => each !== userId), max_message_id: id });
        break;
      }
    }
    return found.sort((a, b) => b.max_message_id - a.max_message_id).slice(0, limit);
  }

  async directRecipientId(userIds: readonly number[]): Promise<number | undefined> {
    return this.recipients.recipientId(userIds);
  }

  async maxId(userId: number): Promise<number> {
    return this.users.get(userId)?.last() ?? -1;
  }

  async *scan(): AsyncIterable<MessageSnapshot> {
    for (const id of this.messages.ids()) {
      const message = this.messages.get(id);
      if (!message) continue;
      const holders = this.holderIds.get(id);
      yield { message, rows: holders.map((user_id) => ({ user_id, flags: this.users.get(user_id)?.byteOf(id) ?? 0 })) };
    }
  }

  async clear(): Promise<void> {
    this.messages.clear();
    this.holderIds.clear();
    this.users.clear();
    this.recipients.clear();
    this.compact.clear();
  }

  private rowsOf(userId: number): SortedIds {
    let rows = this.users.get(userId);
    if (!rows) {
      rows = new SortedIds(true, USER_ROWS_CAPACITY);
      this.users.set(userId, rows);
    }
    return rows;
  }

  /** The stored spelling of a message's topic, for the topic index when its newest message goes. */
  private topicOf(id: number): string | undefined {
    const recipient = this.messages.get(id)?.recipient;
    return recipient?.type === 'channel' ? recipient.topic : undefined;
  }

  /** The narrowest index the query's source and conditions allow. */
  private candidates(query: MessageQuery): SortedIds {
    const find = <K extends MessagePredicate['op']>(op: K) => query.where.find((pred): pred is Extract<MessagePredicate, { op: K }> => pred.op === op);
    const topic = find('topic')?.topic;
    if (query.source.kind === 'channels') {
      const lists = query.source.channelIds.map((channelId) => this.recipients.channelIds(channelId, topic));
      if (lists.length === 1) return lists[0];
      return SortedIds.fromSorted(lists.flatMap((list) => list.toArray()).sort((a, b) => a - b));
    }
    const channel = find('channel');
    if (channel) return this.recipients.channelIds(channel.channelId, topic);
    const conversation = find('conversation');
    if (conversation) return this.recipients.conversationIds(conversation.userIds);
    return this.users.get(query.userId) ?? SortedIds.fromSorted([]);
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
