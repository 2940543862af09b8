import { type TopicSummary, topicKey } from '../../messages/message-store.js';
import type { MessageHead } from './message-columns.js';
import { SortedIds } from './sorted-ids.js';

interface TopicIds {
  /** The spelling of the topic's newest message. */
  name: string;
  ids: SortedIds;
  /**
   * Messages per sender, for topic wildcard mentions: counted from the topic's messages when first
   * asked for (a replay never asks), then kept up to date.
   */
  senders: Map<number, number> | null;
}

interface ChannelIds {
  all: SortedIds;
  /** By topic key: topics compare case-insensitively. */
  topics: Map<string, TopicIds>;
}

/** The channel index as a snapshot saves it (see ChannelIndex.image). */
export interface SavedChannelIndex {
  /** Per channel: its id, how many ids it has, and per topic its key, name and count. */
  layout: [channelId: number, all: number, topics: [key: string, name: string, count: number][]][];
  ids: Int32Array;
}

const EMPTY = new SortedIds();
/** A channel's or topic's first id buffer (128 bytes): a topic rarely stays under a few dozen messages. */
const LIST_CAPACITY = 32;

/**
 * Message ids per channel and per topic of a channel. Built from the stored messages in one pass the
 * first time it is read (or when a replay has caught up), and kept up to date from then on; until then
 * sends skip it. Sends arrive spread over a thousand channels, so indexing each as it came touched a
 * few cold lists and maps per message; one pass in id order keeps them in cache.
 */
export class ChannelIndex {
  private channels: Map<number, ChannelIds> | null = null;

  /** `forEach` visits every stored channel message in id order; `senderOf` names the sender of a stored one. */
  constructor(
    private readonly forEach: (visit: (id: number, channelId: number, topic: string, senderId: number) => void) => void,
    private readonly senderOf: (messageId: number) => number | undefined,
  ) {}

  /** Indexes a message sent to a channel (a direct message is not this index's). */
  add(message: MessageHead): void {
    const channels = this.channels;
    const recipient = message.recipient;
    if (channels && recipient.type === 'channel') this.index(channels, message.id, recipient.channel_id, recipient.topic, message.sender_id);
  }

  /** Takes the message out; `topicOf` spells a remaining message's topic (the topic's name follows its newest). */
  remove(message: MessageHead, topicOf: (id: number) => string | undefined): void {
    const recipient = message.recipient;
    const channel = recipient.type === 'channel' ? this.channels?.get(recipient.channel_id) : undefined;
    if (!channel || recipient.type !== 'channel') return;
    channel.all.remove(message.id);
    const key = topicKey(recipient.topic);
    const topic = channel.topics.get(key);
    if (!topic) return;
    topic.ids.remove(message.id);
    const count = (topic.senders?.get(message.sender_id) ?? 1) - 1;
    if (count > 0) topic.senders?.set(message.sender_id, count);
    else topic.senders?.delete(message.sender_id);
    const last = topic.ids.last();
    if (last === undefined) channel.topics.delete(key);
    else if (last < message.id) topic.name = topicOf(last) ?? topic.name;
  }

  /** A channel's ids, or one topic's when named. */
  ids(channelId: number, topic?: string): SortedIds {
    const channel = this.built().get(channelId);
    return (topic === undefined ? channel?.all : channel?.topics.get(topicKey(topic))?.ids) ?? EMPTY;
  }

  /** The channel's topics, most recently active first. */
  topics(channelId: number): TopicSummary[] {
    const topics: TopicSummary[] = [];
    for (const topic of this.built().get(channelId)?.topics.values() ?? []) {
      const max = topic.ids.last();
      if (max !== undefined) topics.push({ name: topic.name, max_id: max });
    }
    return topics.sort((a, b) => b.max_id - a.max_id);
  }

  /** Users who have sent a message to the topic, ascending. */
  senders(channelId: number, topic: string): number[] {
    const found = this.built().get(channelId)?.topics.get(topicKey(topic));
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

  /**
   * The built index for a snapshot (null when not built): per channel its topics' keys, names and
   * counts as JSON, and every id list, channel by channel (all, then each topic), in one array.
   */
  image(): SavedChannelIndex | null {
    if (!this.channels) return null;
    const layout: SavedChannelIndex['layout'] = [];
    let total = 0;
    for (const [channelId, channel] of this.channels) {
      const topics: [string, string, number][] = [];
      for (const [key, topic] of channel.topics) topics.push([key, topic.name, topic.ids.length]);
      layout.push([channelId, channel.all.length, topics]);
      total += 2 * channel.all.length;
    }
    const ids = new Int32Array(total);
    let offset = 0;
    const put = (list: SortedIds): void => {
      ids.set(list.ids.subarray(0, list.length), offset);
      offset += list.length;
    };
    for (const channel of this.channels.values()) {
      put(channel.all);
      for (const topic of channel.topics.values()) put(topic.ids);
    }
    return { layout, ids: ids.subarray(0, offset) };
  }

  /** Takes over an index saved by `image` (its lists are views of `ids` until they grow). */
  restore(saved: SavedChannelIndex): void {
    const channels = new Map<number, ChannelIds>();
    let offset = 0;
    const take = (length: number): SortedIds => {
      const list = SortedIds.over(saved.ids.subarray(offset, offset + length), length);
      offset += length;
      return list;
    };
    for (const [channelId, all, topics] of saved.layout) {
      const channel: ChannelIds = { all: take(all), topics: new Map() };
      for (const [key, name, count] of topics) channel.topics.set(key, { name, ids: take(count), senders: null });
      channels.set(channelId, channel);
    }
    this.channels = channels;
  }

  /** Builds the index now if it is not built yet. */
  build(): void {
    this.built();
  }

  /** Forgets the index; it is built again when next read. */
  clear(): void {
    this.channels = null;
  }

  private built(): Map<number, ChannelIds> {
    if (this.channels) return this.channels;
    const channels = new Map<number, ChannelIds>();
    this.forEach((id, channelId, topic, senderId) => this.index(channels, id, channelId, topic, senderId));
    this.channels = channels;
    return channels;
  }

  private index(channels: Map<number, ChannelIds>, id: number, channel_id: number, name: string, senderId: number): void {
    let channel = channels.get(channel_id);
    if (!channel) {
      channel = { all: new SortedIds(LIST_CAPACITY), topics: new Map() };
      channels.set(channel_id, channel);
    }
    channel.all.add(id);
    const key = topicKey(name);
    let topic = channel.topics.get(key);
    if (!topic) {
      topic = { name, ids: new SortedIds(LIST_CAPACITY), senders: null };
      channel.topics.set(key, topic);
    }
    topic.ids.add(id);
    if (topic.ids.last() === id) topic.name = name;
    topic.senders?.set(senderId, (topic.senders.get(senderId) ?? 0) + 1);
  }
}
