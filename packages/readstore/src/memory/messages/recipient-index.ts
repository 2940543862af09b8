import type { MessageRecipient, MessageState } from '@chat/core';
import { conversationKey, type TopicSummary, topicKey } from '../../messages/message-store.js';
import { SortedIds } from './sorted-ids.js';

/** Where a message was sent, shared by every message sent there: stored messages point to it. */
export interface Placement {
  recipient: MessageRecipient;
  recipient_id: number;
}

interface TopicIndex {
  name: string;
  ids: SortedIds;
  /**
   * Messages per sender, for topic wildcard mentions: counted from the topic's messages when first
   * asked for (a replay never asks), then kept up to date.
   */
  senders: Map<number, number> | null;
  /** Set when the topic's last message went: a spelling that still points here is stale. */
  gone: boolean;
}

/** One spelling of a topic: its shared recipient, and the topic it is indexed under. */
interface Spelling extends Placement {
  topic: TopicIndex;
}

interface ChannelIndex {
  all: SortedIds;
  /** By topic key (topics compare case-insensitively). */
  topics: Map<string, TopicIndex>;
  /** By the exact spelling messages use, which finds the topic without computing its key. */
  spellings: Map<string, Spelling>;
}

export interface Conversation extends Placement {
  participants: number[];
  ids: SortedIds;
}

const EMPTY = new SortedIds();
/** A channel's or topic's first id buffer (128 bytes): a topic rarely stays under a few dozen messages. */
const LIST_CAPACITY = 32;

/** Message ids by where they were sent: per channel, per topic of a channel, per direct conversation. */
export class RecipientIndex {
  private readonly channels = new Map<number, ChannelIndex>();
  private readonly directs = new Map<string, Conversation>();
  private readonly userConversations = new Map<number, Set<string>>();

  /** `senderOf` names the sender of a message the index holds. */
  constructor(private readonly senderOf: (messageId: number) => number | undefined) {}

  /** Adds the message to its channel and topic, or its conversation; returns where it now is. */
  add(message: MessageState): Placement {
    const recipient = message.recipient;
    if (recipient.type === 'direct') return this.addDirect(message.id, recipient.user_ids, recipient);
    let channel = this.channels.get(recipient.channel_id);
    if (!channel) {
      channel = { all: new SortedIds(LIST_CAPACITY), topics: new Map(), spellings: new Map() };
      this.channels.set(recipient.channel_id, channel);
    }
    channel.all.add(message.id);
    let spelling = channel.spellings.get(recipient.topic);
    if (!spelling || spelling.topic.gone) spelling = this.spell(channel, recipient);
    const topic = spelling.topic;
    topic.ids.add(message.id);
    if (topic.ids.last() === message.id) topic.name = recipient.topic;
    topic.senders?.set(message.sender_id, (topic.senders.get(message.sender_id) ?? 0) + 1);
    return spelling;
  }
  /** Takes the message out; `topicOf` spells a remaining message's topic (the topic's name follows its newest). */
  remove(message: MessageState, topicOf: (id: number) => string | undefined): void {
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
    const count = (topic.senders?.get(message.sender_id) ?? 1) - 1;
    if (count > 0) topic.senders?.set(message.sender_id, count);
    else topic.senders?.delete(message.sender_id);
    const last = topic.ids.last();
    if (last === undefined) {
      topic.gone = true;
      channel.topics.delete(key);
    } else if (last < message.id) topic.name = topicOf(last) ?? topic.name;
  }

  /** A channel's ids, or one topic's when named. */
  channelIds(channelId: number, topic?: string): SortedIds {
    const channel = this.channels.get(channelId);
    return (topic === undefined ? channel?.all : channel?.topics.get(topicKey(topic))?.ids) ?? EMPTY;
  }

  conversationIds(userIds: readonly number[]): SortedIds {
    return this.directs.get(conversationKey(userIds))?.ids ?? EMPTY;
  }

  topics(channelId: number): TopicSummary[] {
    const topics: TopicSummary[] = [];
    for (const topic of this.channels.get(channelId)?.topics.values() ?? []) {
      const max = topic.ids.last();
      if (max !== undefined) topics.push({ name: topic.name, max_id: max });
    }
    return topics.sort((a, b) => b.max_id - a.max_id);
  }

  topicSenders(channelId: number, topic: string): number[] {
    const found = this.channels.get(channelId)?.topics.get(topicKey(topic));
    if (!found) return [];
    if (!found.senders) {
      found.senders = new Map();
      for (let index = 0; index < found.ids.length; index++) {
        const sender = this.senderOf(found.ids.at(index));
        if (sender !== undefined) found.senders.set(sender, (found.senders.get(sender) ?? 0) + 1);
      }
    }
    return [...found.senders.keys()].sort((a, b) => a - b);
  }

  /** The direct conversations the user takes part in. */
  conversationsOf(userId: number): Conversation[] {
    return [...(this.userConversations.get(userId) ?? [])].flatMap((key) => this.directs.get(key) ?? []);
  }

  recipientId(userIds: readonly number[]): number | undefined {
    return this.directs.get(conversationKey(userIds))?.recipient_id;
  }

  /** Indexes a spelling not met before (or whose topic went), under the topic its key names. */
  private spell(channel: ChannelIndex, recipient: Extract<MessageRecipient, { type: 'channel' }>): Spelling {
    const key = topicKey(recipient.topic);
    let topic = channel.topics.get(key);
    if (!topic) {
      topic = { name: recipient.topic, ids: new SortedIds(LIST_CAPACITY), senders: null, gone: false };
      channel.topics.set(key, topic);
    }
    const spelling: Spelling = { recipient, recipient_id: 2 * recipient.channel_id, topic };
    channel.spellings.set(recipient.topic, spelling);
    return spelling;
  }

  private addDirect(messageId: number, userIds: readonly number[], recipient: MessageRecipient): Conversation {
    const key = conversationKey(userIds);
    let conversation = this.directs.get(key);
    if (!conversation) {
      conversation = { recipient, recipient_id: 2 * messageId + 1, participants: [...userIds].sort((a, b) => a - b), ids: new SortedIds() };
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
    conversation.ids.add(messageId);
    return conversation;
  }

  clear(): void {
    this.channels.clear();
    this.directs.clear();
    this.userConversations.clear();
  }
}
