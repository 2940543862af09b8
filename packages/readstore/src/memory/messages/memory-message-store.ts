import { FlagBit, HISTORY_ONLY_BITS, type MessageRecipient, type MessageState } from '@chat/core';
import { matchesPredicate, needsBody } from '../../messages/message-predicate.js';
import {
  conversationKey,
  type DirectConversation,
  type ExpiredPage,
  type MessageHead,
  type MessagePage,
  type MessagePredicate,
  type MessageQuery,
  type MessageReceivers,
  type MessageSnapshot,
  type MessageStore,
  type MessageWindow,
  type RetentionScope,
  type StoredMessage,
  type TopicSummary,
  type UserMessageRow,
} from '../../messages/message-store.js';
import type { LoadedArray, SnapshotImage } from '../snapshot/snapshot-image.js';
import { heldConversations } from './held-conversations.js';
import { HolderLists } from './holder-lists.js';
import { imageOf, restoreFrom, type SavedMessages, type StoreParts } from './message-store-image.js';
import { type BodySource, type MessageBody, MessageBodies } from './message-bodies.js';
import { MessageColumns } from './message-columns.js';
import { allMatching, readWindow } from './message-window.js';
import { expiredDirect, expiredInList } from './expired-messages.js';
import { readMergedWindow } from './merged-window.js';
import { RecipientIndex } from './recipient-index.js';
import { SortedIds } from './sorted-ids.js';
import { UserIndex } from './user-index.js';

/**
 * The embedded messages read model: per message its fields in columns (see MessageColumns) and its
 * body (on the heap, or read from the log: see MessageBodies); per message its holders and their flags
 * (about five bytes a row); per user the ids they hold, built from the holders; per channel, topic and
 * direct conversation a sorted id list. Queries walk the narrowest list from the anchor.
 */
export class MemoryMessageStore implements MessageStore {
  private readonly columns = new MessageColumns();
  private readonly bodies: MessageBodies;
  private readonly holderRows = new HolderLists();
  private readonly users = new UserIndex(this.holderRows);
  private readonly recipients = new RecipientIndex(
    (visit) => this.columns.forEachInChannel(visit),
    (id) => this.columns.senderOf(id),
  );

  /** With a `source`, bodies are read from the log instead of kept (see MessageBodies). */
  constructor(source?: BodySource) {
    this.bodies = new MessageBodies(source);
  }

  async insert(message: MessageState, receivers: MessageReceivers, position: number): Promise<number | null> {
    if (this.columns.has(message.id)) return this.columns.recipientIdOf(message.id);
    const recipientId = this.recipients.add(message);
    this.columns.set(message, recipientId);
    this.bodies.inserted(message.id, message, position);
    this.holderRows.set(message.id, receivers.user_ids, receivers.flags);
    this.users.added(message.id, receivers.user_ids);
    return recipientId;
  }

  async replace(message: MessageState, position: number): Promise<void> {
    const id = message.id;
    if (!this.columns.has(id)) return;
    const old = this.columns.head(id);
    let recipient_id = this.columns.recipientIdOf(id);
    if (!sameRecipient(old.recipient, message.recipient) || old.sender_id !== message.sender_id) {
      this.recipients.remove(old, (id) => this.columns.topicOf(id));
      recipient_id = this.recipients.add(message);
    }
    this.columns.set(message, recipient_id);
    await this.bodies.replaced(id, message, position);
  }

  async remove(ids: readonly number[], _position: number): Promise<void> {
    for (const id of ids) {
      if (!this.columns.has(id)) continue;
      this.recipients.remove(this.columns.head(id), (id) => this.columns.topicOf(id));
      this.users.removed(id, this.holderRows.get(id));
      this.holderRows.delete(id);
      this.columns.delete(id);
      this.bodies.delete(id);
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
    if (!this.columns.has(id)) return undefined;
    return this.columns.message(id, await this.bodies.get(id));
  }

  async getMany(ids: readonly number[]): Promise<StoredMessage[]> {
    const present = ids.filter((id) => this.columns.has(id));
    const bodies = await this.bodies.getMany(present);
    return present.map((id, i) => this.columns.message(id, bodies[i]));
  }

  async headsOf(ids: readonly number[]): Promise<MessageHead[]> {
    const heads: MessageHead[] = [];
    for (const id of ids) if (this.columns.has(id)) heads.push(this.columns.head(id));
    return heads;
  }

  async flagsOf(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    const flags = new Map<number, number>();
    const each = this.holderRows.flagsOfEach(ids, userId);
    for (let i = 0; i < ids.length; i++) if (each[i] !== undefined) flags.set(ids[i], each[i] as number);
    return flags;
  }

  async holders(messageId: number): Promise<number[]> {
    return this.holderRows.get(messageId);
  }

  async page(query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
    if (needsBody(query.where)) return readWindow(SortedIds.fromSorted(await this.withBodies(query)), () => true, window);
    const lists = this.candidateLists(query);
    // Several channels (a `channels` narrow) are walked together from the anchor, never merged whole.
    return lists.length === 1 ? readWindow(lists[0], this.matcher(query), window) : readMergedWindow(lists, this.matcher(query), window);
  }

  async matching(query: MessageQuery): Promise<number[]> {
    if (!needsBody(query.where)) return allMatching(this.candidates(query), this.matcher(query));
    return this.withBodies(query);
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
    return heldConversations(this.recipients, this.holderRows, userId, limit);
  }

  async directRecipientId(userIds: readonly number[]): Promise<number | undefined> {
    return this.recipients.recipientId(userIds);
  }

  async sentBefore(scope: RetentionScope, before: number, after: number, limit: number): Promise<ExpiredPage> {
    return 'channelId' in scope
      ? expiredInList(this.columns, this.recipients.channelIds(scope.channelId), before, after, limit)
      : expiredDirect(this.columns, before, after, limit);
  }

  async maxId(userId: number): Promise<number> {
    return this.users.of(userId).last() ?? -1;
  }

  async *scan(): AsyncIterable<MessageSnapshot> {
    for (const id of [...this.columns.ids()]) {
      // Read as each is yielded: a message removed meanwhile is left out, as a later scan would.
      if (!this.columns.has(id)) continue;
      const rows = this.holderRows.rows(id);
      const message = this.columns.message(id, await this.bodies.get(id));
      yield { message, rows };
    }
  }

  async caughtUp(): Promise<void> {
    this.users.build();
    this.recipients.build();
    this.bodies.caughtUp();
  }

  /** Copies of everything the store holds, for a snapshot (the per-user and channel indexes are built again). */
  image(): SnapshotImage<SavedMessages> {
    return imageOf(this.parts());
  }

  /** Takes over a snapshot's image; `caughtUp` (or the first read) builds the indexes left out of it. */
  restore(json: SavedMessages, arrays: ReadonlyMap<string, LoadedArray>): void {
    this.users.clear();
    restoreFrom(this.parts(), json, arrays);
  }

  async clear(): Promise<void> {
    this.columns.clear();
    this.bodies.clear();
    this.holderRows.clear();
    this.users.clear();
    this.recipients.clear();
  }

  private parts(): StoreParts {
    return { columns: this.columns, holders: this.holderRows, recipients: this.recipients, bodies: this.bodies, users: this.users };
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

  /**
   * Whether a message meets the query's conditions. Without `bodies` it is judged on its fields and an
   * empty body: only for conditions that never read the body (see needsBody).
   */
  private matcher(query: MessageQuery, bodies?: ReadonlyMap<number, MessageBody>): (id: number) => boolean {
    const fromHistory = query.source.kind === 'history';
    const channels = query.source.kind === 'channels' ? new Set(query.source.channelIds) : null;
    // Flag conditions need only the user's row: they are tried before the message is looked up
    // (most of a user's history fails "starred" or "mentioned").
    const flagBits = query.where.flatMap((pred) => (pred.op === 'flags' ? [pred.bits] : []));
    return (id) => {
      if (!this.columns.has(id)) return false;
      const row = this.holderRows.flagsOf(id, query.userId);
      if (row === undefined && fromHistory) return false;
      if (query.where.length === 0 && !channels) return true;
      const bits = row ?? HISTORY_ONLY_BITS;
      for (const wanted of flagBits) if ((bits & wanted) === 0) return false;
      const message = this.columns.message(id, bodies?.get(id) ?? NO_BODY);
      if (channels && (message.recipient.type !== 'channel' || !channels.has(message.recipient.channel_id))) return false;
      for (const pred of query.where) if (!matchesPredicate(message, bits, pred)) return false;
      return true;
    };
  }

  /** Every id of a query that reads bodies: judged on the other conditions first, then with the bodies, a page at a time. */
  private async withBodies(query: MessageQuery): Promise<number[]> {
    const cheap = { ...query, where: query.where.filter((pred) => !needsBody([pred])) };
    const candidates = allMatching(this.candidates(query), this.matcher(cheap));
    const found: number[] = [];
    for (let from = 0; from < candidates.length; from += BODY_PAGE) {
      const ids = candidates.slice(from, from + BODY_PAGE);
      const read = await this.bodies.getMany(ids, false);
      const bodies = new Map<number, MessageBody>(ids.map((id, i) => [id, read[i]]));
      const matches = this.matcher(query, bodies);
      for (const id of ids) if (matches(id)) found.push(id);
    }
    return found;
  }
}

const NO_BODY: MessageBody = { content: '', rendered_content: '' };
const BODY_PAGE = 500;

function sameRecipient(a: MessageRecipient, b: MessageRecipient): boolean {
  if (a.type === 'channel' && b.type === 'channel') return a.channel_id === b.channel_id && a.topic === b.topic;
  if (a.type === 'direct' && b.type === 'direct') return conversationKey(a.user_ids) === conversationKey(b.user_ids);
  return false;
}
