import { EMPTY_TOPIC_DISPLAY_NAME, FlagBit, type MessageRecipient } from '@chat/core';

/** At most this many unread messages (the newest) are described to a client at once. */
export const MAX_UNREAD_MESSAGES = 50000;

/** One of a user's unread messages, with what their unread state needs to know of it. */
export interface UnreadEntry {
  id: number;
  recipient: MessageRecipient;
  /** The user's flag bits for the message. */
  flags: number;
  /** For a channel message: whether its conversation is muted for the user. */
  muted: boolean;
}

const WILDCARD_BITS = FlagBit.stream_wildcard_mentioned | FlagBit.topic_wildcard_mentioned;

/** Mentioned directly (or through a group), or by a wildcard in a conversation that is not muted. */
const countsAsMention = (entry: UnreadEntry): boolean =>
  (entry.flags & FlagBit.mentioned) !== 0 || ((entry.flags & WILDCARD_BITS) !== 0 && !entry.muted);

/** The other participants of a direct conversation (empty for a conversation with oneself). */
const othersOf = (userIds: readonly number[], viewerId: number): number[] => userIds.filter((id) => id !== viewerId).sort((a, b) => a - b);

/** Buckets of ids under a key, each list ascending, the buckets ordered by key. */
class Buckets<K extends string | number, V extends { unread_message_ids: number[] }> {
  private readonly map = new Map<K, V>();
  add(key: K, id: number, create: () => V): void {
    let bucket = this.map.get(key);
    if (!bucket) {
      bucket = create();
      this.map.set(key, bucket);
    }
    bucket.unread_message_ids.push(id);
  }
  sorted(compare: (a: K, b: K) => number): V[] {
    return [...this.map.keys()].sort(compare).map((key) => {
      const bucket = this.map.get(key) as V;
      bucket.unread_message_ids.sort((a, b) => a - b);
      return bucket;
    });
  }
}

export interface UnreadShape {
  viewerId: number;
  /** The client's empty_topic_name capability: without it the empty topic is spelled as its display name. */
  emptyTopicName: boolean;
}

/**
 * The register's `unread_msgs`: unread messages grouped by channel and topic, by the other user of a
 * one-to-one conversation, and by the participants of a group conversation; the mentions; and the
 * count of those not muted. Only the newest MAX_UNREAD_MESSAGES are described.
 */
export function unreadMsgsView(all: readonly UnreadEntry[], shape: UnreadShape): Record<string, unknown> {
  const entries = [...all].sort((a, b) => b.id - a.id).slice(0, MAX_UNREAD_MESSAGES);
  const streams = new Buckets<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Buckets<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Buckets<string, { user_ids_string: string; unread_message_ids: number[] }>();
  const mentions: number[] = [];
  let count = 0;
  // Newest first, so that a topic is spelled as its newest unread message writes it.
  for (const entry of entries) {
    const recipient = entry.recipient;
    if (recipient.type === 'channel') {
      const topic = recipient.topic === '' && !shape.emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : recipient.topic;
      streams.add(`${recipient.channel_id}\u0000${topic.toLowerCase()}`, entry.id, () => ({ stream_id: recipient.channel_id, topic, unread_message_ids: [] }));
      if (!entry.muted) count++;
    } else {
      const others = othersOf(recipient.user_ids, shape.viewerId);
      if (others.length <= 1) {
        const other = others[0] ?? shape.viewerId;
        pms.add(other, entry.id, () => ({ other_user_id: other, sender_id: other, unread_message_ids: [] }));
      } else {
        const key = [...recipient.user_ids].sort((a, b) => a - b).join(',');
        huddles.add(key, entry.id, () => ({ user_ids_string: key, unread_message_ids: [] }));
      }
      count++;
    }
    if (countsAsMention(entry)) mentions.push(entry.id);
  }
  const byChannelAndTopic = (a: string, b: string): number => {
    const [channelA, topicA] = a.split('\u0000');
    const [channelB, topicB] = b.split('\u0000');
    return Number(channelA) - Number(channelB) || (topicA < topicB ? -1 : topicA > topicB ? 1 : 0);
  };
  return {
    count,
    pms: pms.sorted((a, b) => a - b),
    streams: streams.sorted(byChannelAndTopic),
    huddles: huddles.sorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    mentions: mentions.sort((a, b) => a - b),
    old_unreads_missing: all.length > MAX_UNREAD_MESSAGES,
  };
}

/**
 * What a client needs to put messages marked unread back into its unread state, by message id (the
 * `message_details` of update_message_flags). The empty topic is "" here; see `withTopicDisplayName`.
 */
export function messageDetailsView(entries: readonly UnreadEntry[], viewerId: number): Record<string, Record<string, unknown>> {
  const details: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    const recipient = entry.recipient;
    const detail: Record<string, unknown> =
      recipient.type === 'channel'
        ? { type: 'stream', stream_id: recipient.channel_id, topic: recipient.topic, unmuted_stream_msg: !entry.muted }
        : { type: 'private', user_ids: othersOf(recipient.user_ids, viewerId) };
    if (countsAsMention(entry)) detail.mentioned = true;
    details[String(entry.id)] = detail;
  }
  return details;
}

/** Whether any channel message of the details is in the empty topic (clients differ on its spelling). */
export const hasEmptyTopic = (details: Record<string, Record<string, unknown>>): boolean =>
  Object.values(details).some((detail) => detail.type === 'stream' && detail.topic === '');

/** The details for clients without the empty_topic_name capability: the empty topic spelled as its display name. */
export function withTopicDisplayName(details: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(details).map(([id, detail]) => [id, detail.type === 'stream' && detail.topic === '' ? { ...detail, topic: EMPTY_TOPIC_DISPLAY_NAME } : detail]),
  );
}
