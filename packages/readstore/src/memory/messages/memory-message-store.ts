import { FlagBit, HISTORY_ONLY_BITS, type MessageRecipient, type MessageState } from '@chat/core';
import { matchesPredicate } from '../../messages/message-predicate.js';
import {
  conversationKey,
  type DirectConversation,
  type MessagePage,
  type MessagePredicate,
  type MessageQuery,
  type MessageReceivers,
  type MessageSnapshot,
  type MessageStore,
  type MessageWindow,
  type StoredMessage,
  type TopicSummary,
  type UserMessageRow,
} from '../../messages/message-store.js';
import { CompactMessages } from './compact-messages.js';
import { HolderLists } from './holder-lists.js';
import { allMatching, readWindow } from './message-window.js';
import { readMergedWindow } from './merged-window.js';
import { DenseIdMap } from './dense-id-map.js';
import { RecipientIndex } from './recipient-index.js';
import { SortedIds } from './sorted-ids.js';
import { UserIndex } from './user-index.js';

/**
 * The embedded messages read model: messages by id; per message its holders and their flags (about
 * five bytes a row); per user the ids they hold, built from the holders; per channel, topic and direct
 * conversation a sorted id list. Queries walk the narrowest list from the anchor.
 */
export class MemoryMessageStore implements MessageStore {
  private readonly messages = new DenseIdMap<StoredMessage>();
  private readonly holderRows = new HolderLists();
  private readonly compact = new CompactMessages();
  private readonly users = new UserIndex(this.holderRows);
  private readonly recipients = new RecipientIndex(
    () => this.messages.values(),
    (id) => this.messages.get(id)?.sender_id,
  );

  async insert(message: MessageState, receivers: MessageReceivers, _position: number): Promise<void> {
    if (this.messages.has(message.id)) return;
    this.messages.set(message.id, this.compact.stored(message, this.recipients.add(message)));
    this.holderRows.set(message.id, receivers.user_ids, receivers.flags);
    this.users.added(message.id, receivers.user_ids);
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
      this.users.removed(id, this.holderRows.get(id));
      this.holderRows.delete(id);
      this.messages.delete(id);
    }
  }

  async setFlags(userId: number, ids: readonly number[], bits: number, on: boolean, _position: number): Promise<void> {
    for (const id of ids) this.holderRows.changeFlags(id, userId, on ? 0 : bits, on ? bits : 0);
  }

  async rewriteFlags(messageId: number, mask: number, rows: readonly UserMessageRow[], _position: number): Promise<void> {
    for (const row of rows) this.holderRows.changeFlags(messageId, row.user_id, mask, row.flags & mask);
  }

  async addRows(userId: number, rows: readonly { message_id: number; flags: number }[], _position: number): Promise<void> {
    for (const row of rows) {
      if (!this.holderRows.has(row.message_id)) continue;
      this.holderRows.add(row.message_id, userId, row.flags);
      this.users.added(row.message_id, [userId]);
    }
  }

  async removeRows(messageId: number, userIds: readonly number[], _position: number): Promise<void> {
    this.users.removed(messageId, userIds);
    this.holderRows.remove(messageId, userIds);
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
    const flags = new Map<number, number>();
    for (const id of ids) {
      const bits = this.holderRows.flagsOf(id, userId);
      if (bits !== undefined) flags.set(id, bits);
    }
    return flags;
  }

  async holders(messageId: number): Promise<number[]> {
    return this.holderRows.get(messageId);
  }

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    const lists = this.candidateLists(query);
    // Several channels (a `channels` narrow) are walked together from the anchor, never merged whole.
    return lists.length === 1 ? readWindow(lists[0], this.matcher(query), window) : readMergedWindow(lists, this.matcher(query), window);
  }

  async matching(query: MessageQuery): Promise<number[]> {
    return allMatching(this.candidates(query), this.matcher(query));
  }

  async unread(userId: number): Promise<number[]> {
    const rows = this.users.of(userId);
    const unread: number[] = [];
    for (let i = 0; i < rows.length; i++) if (((this.holderRows.flagsOf(rows.ids[i], userId) ?? 0) & FlagBit.read) === 0) unread.push(rows.ids[i]);
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
    for (const conversation of this.recipients.conversationsOf(userId)) {
      // The newest message of the conversation that is still in the user's history.
      for (let i = conversation.ids.length - 1; i >= 0; i--) {
        const id = conversation.ids.at(i);
        if (this.holderRows.flagsOf(id, userId) === undefined) continue;
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
    return this.users.of(userId).last() ?? -1;
  }

  async *scan(): AsyncIterable<MessageSnapshot> {
    for (const id of this.messages.ids()) {
      const message = this.messages.get(id);
      if (!message) continue;
      yield { message, rows: this.holderRows.rows(id) };
    }
  }

  async caughtUp(): Promise<void> {
    this.users.build();
    this.recipients.build();
  }

  async clear(): Promise<void> {
    this.messages.clear();
    this.holderRows.clear();
    this.users.clear();
    this.recipients.clear();
    this.compact.clear();
  }

  /** The stored spelling of a message's topic, for the topic index when its newest message goes. */
  private topicOf(id: number): string | undefined {
    const recipient = this.messages.get(id)?.recipient;
    return recipient?.type === 'channel' ? recipient.topic : undefined;
  }

  /** The narrowest index the query's source and conditions allow. */
  private candidates(query: MessageQuery): SortedIds {
    const lists = this.candidateLists(query);
    if (lists.length === 1) return lists[0];
    return SortedIds.fromSorted(lists.flatMap((list) => list.toArray()).sort((a, b) => a - b));
  }

  /** The narrowest indexes the query's source and conditions allow: one per channel of a `channels` source, else one. */
  private candidateLists(query: MessageQuery): SortedIds[] {
    const find = <K extends MessagePredicate['op']>(op: K) => query.where.find((pred): pred is Extract<MessagePredicate, { op: K }> => pred.op === op);
    const topic = find('topic')?.topic;
    // Listed ids (a search's candidates, followed topics) are the narrowest list there is; the matcher checks the source.
    const listed = find('ids');
    if (listed) return [SortedIds.fromSorted([...new Set(listed.ids)].sort((a, b) => a - b))];
    if (query.source.kind === 'channels') return query.source.channelIds.map((channelId) => this.recipients.channelIds(channelId, topic));
    const channel = find('channel');
    if (channel) return [this.recipients.channelIds(channel.channelId, topic)];
    const conversation = find('conversation');
    if (conversation) return [this.recipients.conversationIds(conversation.userIds)];
    return [this.users.of(query.userId)];
  }

  private matcher(query: MessageQuery): (id: number) => boolean {
    const fromHistory = query.source.kind === 'history';
    const channels = query.source.kind === 'channels' ? new Set(query.source.channelIds) : null;
    // Flag conditions need only the user's row: they are tried before the message is looked up
    // (most of a user's history fails "starred" or "mentioned").
    const flagBits = query.where.flatMap((pred) => (pred.op === 'flags' ? [pred.bits] : []));
    return (id) => {
      const row = this.holderRows.flagsOf(id, query.userId);
      if (row === undefined && fromHistory) return false;
      const bits = row ?? HISTORY_ONLY_BITS;
      for (const wanted of flagBits) if ((bits & wanted) === 0) return false;
      const message = this.messages.get(id);
      if (!message) return false;
      if (channels && (message.recipient.type !== 'channel' || !channels.has(message.recipient.channel_id))) return false;
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
