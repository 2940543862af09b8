import { learnMessages } from './client-message-history.js';
import type { ReceivedEvent } from './event-schemas.js';

/**
 * How a client keeps `unread_msgs`, `recent_private_conversations` and `max_message_id` current from
 * message and update_message_flags events (the rest of the applier is in apply-events.ts; edits, moves
 * and deletions in apply-message-changes.ts).
 */

type State = Record<string, unknown>;

interface StreamBucket {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}
interface PmBucket {
  other_user_id: number;
  sender_id: number;
  unread_message_ids: number[];
}
interface HuddleBucket {
  user_ids_string: string;
  unread_message_ids: number[];
}
export interface Unread {
  count: number;
  pms: PmBucket[];
  streams: StreamBucket[];
  huddles: HuddleBucket[];
  mentions: number[];
  old_unreads_missing: boolean;
}

/** What a client knows of one unread message: where it is, whether it counts, whether it mentions the user. */
export type UnreadMessage = { id: number; mentioned: boolean } & ({ kind: 'stream'; stream_id: number; topic: string } | { kind: 'direct'; others: number[] });

const ascending = (a: number, b: number): number => a - b;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Whether the user muted the conversation, as far as the snapshot's subscriptions and user topics tell. */
export function isMuted(state: State, streamId: number, topic: string): boolean {
  const policy = (state.user_topics as { stream_id: number; topic_name: string; visibility_policy: number }[] | undefined)?.find(
    (each) => each.stream_id === streamId && each.topic_name.toLowerCase() === topic.toLowerCase(),
  )?.visibility_policy;
  if (policy === 1) return true;
  const channelMuted = (state.subscriptions as { stream_id: number; is_muted: boolean }[] | undefined)?.find((each) => each.stream_id === streamId)?.is_muted === true;
  return channelMuted && policy !== 2 && policy !== 3;
}

/** Puts a message into its bucket (and the mentions); `count` is left to recountUnread. */
export function addUnread(unread: Unread, message: UnreadMessage, viewerId: number): void {
  const { id } = message;
  if (message.kind === 'stream') {
    const key = message.topic.toLowerCase();
    let bucket = unread.streams.find((each) => each.stream_id === message.stream_id && each.topic.toLowerCase() === key);
    if (!bucket) {
      bucket = { stream_id: message.stream_id, topic: message.topic, unread_message_ids: [] };
      unread.streams.push(bucket);
      unread.streams.sort((a, b) => a.stream_id - b.stream_id || byText(a.topic.toLowerCase(), b.topic.toLowerCase()));
    }
    if (bucket.unread_message_ids.every((each) => each < id)) bucket.topic = message.topic;
    bucket.unread_message_ids = [...bucket.unread_message_ids, id].sort(ascending);
  } else if (message.others.length <= 1) {
    const other = message.others[0] ?? viewerId;
    let bucket = unread.pms.find((each) => each.other_user_id === other);
    if (!bucket) {
      bucket = { other_user_id: other, sender_id: other, unread_message_ids: [] };
      unread.pms.push(bucket);
      unread.pms.sort((a, b) => a.other_user_id - b.other_user_id);
    }
    bucket.unread_message_ids = [...bucket.unread_message_ids, id].sort(ascending);
  } else {
    const key = [...message.others, viewerId].sort(ascending).join(',');
    let bucket = unread.huddles.find((each) => each.user_ids_string === key);
    if (!bucket) {
      bucket = { user_ids_string: key, unread_message_ids: [] };
      unread.huddles.push(bucket);
      unread.huddles.sort((a, b) => byText(a.user_ids_string, b.user_ids_string));
    }
    bucket.unread_message_ids = [...bucket.unread_message_ids, id].sort(ascending);
  }
  if (message.mentioned) unread.mentions = [...unread.mentions, id].sort(ascending);
}

export function removeUnread(unread: Unread, id: number): void {
  const without = <B extends { unread_message_ids: number[] }>(buckets: B[]): B[] =>
    buckets.map((bucket) => ({ ...bucket, unread_message_ids: bucket.unread_message_ids.filter((each) => each !== id) })).filter((bucket) => bucket.unread_message_ids.length > 0);
  unread.streams = without(unread.streams);
  unread.pms = without(unread.pms);
  unread.huddles = without(unread.huddles);
  unread.mentions = unread.mentions.filter((each) => each !== id);
}

/** A `message` event: the newest id, a new unread message, the direct conversation it belongs to. */
function applyMessageEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  const message = event.message as Record<string, unknown> & { id: number };
  const flags = event.flags as string[];
  const others =
    message.type === 'private' ? (message.display_recipient as { id: number }[]).map((person) => person.id).filter((id) => id !== viewerId).sort(ascending) : [];
  const unread = state.unread_msgs as Unread | undefined;
  if (unread && !flags.includes('read')) {
    const wildcard = flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned');
    if (message.type === 'stream') {
      const [streamId, topic] = [message.stream_id as number, message.subject as string];
      const mentioned = flags.includes('mentioned') || (wildcard && !isMuted(state, streamId, topic));
      addUnread(unread, { id: message.id, mentioned, kind: 'stream', stream_id: streamId, topic }, viewerId);
    } else {
      addUnread(unread, { id: message.id, mentioned: flags.includes('mentioned') || wildcard, kind: 'direct', others }, viewerId);
    }
  }
  learnMessages(state, [message.id], message.type === 'private' ? others : undefined);
}

type Details = { type: 'stream'; stream_id: number; topic: string; mentioned?: boolean } | { type: 'private'; user_ids: number[]; mentioned?: boolean };

/** An `update_message_flags` event: marking read leaves the unread state (all of it with `all`); marking unread joins it. */
function applyFlagsEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  // Whatever flag changed, the messages listed are in the viewer's history now (a message read from
  // public history enters it when one of its flags changes).
  learnMessages(state, event.messages as number[]);
  const unread = state.unread_msgs as Unread | undefined;
  if (!unread || event.flag !== 'read') return;
  if (event.op === 'add') {
    if (event.all === true) Object.assign(unread, { count: 0, pms: [], streams: [], huddles: [], mentions: [] });
    for (const id of event.messages as number[]) removeUnread(unread, id);
    return;
  }
  for (const [key, detail] of Object.entries(event.message_details as Record<string, Details>)) {
    const id = Number(key);
    const mentioned = detail.mentioned === true;
    if (detail.type === 'stream') addUnread(unread, { id, mentioned, kind: 'stream', stream_id: detail.stream_id, topic: detail.topic }, viewerId);
    else addUnread(unread, { id, mentioned, kind: 'direct', others: detail.user_ids }, viewerId);
  }
}

/**
 * The unread count follows from the buckets: every unread direct message, and every unread channel
 * message whose conversation is not muted now (muting a topic or a channel changes it).
 */
export function recountUnread(state: State): void {
  const unread = state.unread_msgs as Unread | undefined;
  if (!unread || unread.old_unreads_missing) return;
  const counted = unread.streams.filter((bucket) => !isMuted(state, bucket.stream_id, bucket.topic));
  unread.count = [...counted, ...unread.pms, ...unread.huddles].reduce((sum, bucket) => sum + bucket.unread_message_ids.length, 0);
}

/** A `message` or `update_message_flags` event, applied to the snapshot of `viewerId`. */
export function applyUnreadStateEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  if (event.type === 'message') applyMessageEvent(state, event, viewerId);
  else applyFlagsEvent(state, event, viewerId);
}
