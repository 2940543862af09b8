import { conversationKey, type TopicSummary } from '../../messages/message-store.js';
import { ChannelIndex, type SavedChannelIndex } from './channel-index.js';
import type { MessageHead } from './message-columns.js';
import { SortedIds } from './sorted-ids.js';

export interface Conversation {
  recipient_id: number;
  participants: number[];
  ids: SortedIds;
}

const EMPTY = new SortedIds();

/**
 * Message ids by where they were sent: per channel and topic (an index built when first read, see
 * ChannelIndex), and per direct conversation, kept as messages come: a conversation's recipient id
 * is its first message's, so it is settled when that message is stored.
 */
export class RecipientIndex {
  private readonly channels: ChannelIndex;
  private readonly directs = new Map<string, Conversation>();
  private readonly userConversations = new Map<number, Set<string>>();

  constructor(...channelIndex: ConstructorParameters<typeof ChannelIndex>) {
    this.channels = new ChannelIndex(...channelIndex);
  }

  /** Adds the message where it was sent; returns its recipient id. */
  add(message: MessageHead): number {
    const recipient = message.recipient;
    if (recipient.type === 'channel') {
      this.channels.add(message);
      return 2 * recipient.channel_id;
    }
    const key = conversationKey(recipient.user_ids);
    let conversation = this.directs.get(key);
    if (!conversation) {
      conversation = { recipient_id: 2 * message.id + 1, participants: [...recipient.user_ids].sort((a, b) => a - b), ids: new SortedIds() };
      this.directs.set(key, conversation);
      this.join(key, conversation.participants);
    }
    conversation.ids.add(message.id);
    return conversation.recipient_id;
  }

  /** Takes the message out; `topicOf` spells a remaining message's topic (the topic's name follows its newest). */
  remove(message: MessageHead, topicOf: (id: number) => string | undefined): void {
    const recipient = message.recipient;
    if (recipient.type === 'channel') this.channels.remove(message, topicOf);
    else this.directs.get(conversationKey(recipient.user_ids))?.ids.remove(message.id);
  }

  /** A channel's ids, or one topic's when named. */
  channelIds(channelId: number, topic?: string): SortedIds {
    return this.channels.ids(channelId, topic);
  }

  conversationIds(userIds: readonly number[]): SortedIds {
    return this.directs.get(conversationKey(userIds))?.ids ?? EMPTY;
  }

  topics(channelId: number): TopicSummary[] {
    return this.channels.topics(channelId);
  }

  topicSenders(channelId: number, topic: string): number[] {
    return this.channels.senders(channelId, topic);
  }

  /** The direct conversations the user takes part in. */
  conversationsOf(userId: number): Conversation[] {
    return [...(this.userConversations.get(userId) ?? [])].flatMap((key) => this.directs.get(key) ?? []);
  }

  recipientId(userIds: readonly number[]): number | undefined {
    return this.directs.get(conversationKey(userIds))?.recipient_id;
  }

  /** The direct conversations with their ids, for a snapshot (the channel index is built again from the messages). */
  image(): [recipient_id: number, participants: number[], ids: number[]][] {
    return [...this.directs.values()].map((each) => [each.recipient_id, each.participants, each.ids.toArray()]);
  }

  /** The built channel index, for a snapshot (null when not built yet). */
  channelImage(): SavedChannelIndex | null {
    return this.channels.image();
  }

  /** Takes over saved conversations, and the channel index when saved (else it is built when next read). */
  restore(conversations: readonly [number, number[], number[]][], channels: SavedChannelIndex | null): void {
    this.clear();
    if (channels) this.channels.restore(channels);
    for (const [recipient_id, participants, ids] of conversations) {
      const key = conversationKey(participants);
      this.directs.set(key, { recipient_id, participants, ids: SortedIds.fromSorted(ids) });
      this.join(key, participants);
    }
  }

  private join(key: string, participants: readonly number[]): void {
    for (const userId of participants) {
      let keys = this.userConversations.get(userId);
      if (!keys) this.userConversations.set(userId, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Builds the channel index now if it is not built yet (a replay has caught up). */
  build(): void {
    this.channels.build();
  }

  clear(): void {
    this.channels.clear();
    this.directs.clear();
    this.userConversations.clear();
  }
}
