import { addUnread, isMuted, removeUnread, type Unread } from './apply-message-events.js';
import { forgetMessages, learnMessages } from './client-message-history.js';
import type { ReceivedEvent } from './event-schemas.js';

/**
 * How a client keeps `unread_msgs`, `max_message_id` and `recent_private_conversations` current from
 * update_message (content edits, topic and channel moves, resolving), delete_message (both shapes)
 * and reaction events.
 *
 * What a client cannot follow, and the consistency test therefore avoids (the server is right in each):
 * - A topic's spelling in `unread_msgs` is its newest unread message's. When that message leaves the
 *   bucket (read, moved, deleted) and the others spell the topic differently, the client cannot know
 *   their spelling; it keeps the one it has.
 * - `mentions` holds wildcard mentions only in conversations that are not muted. The snapshot does not
 *   say which listed mentions are wildcards, so a client cannot redo the list when a conversation with
 *   unread wildcard mentions becomes muted or unmuted (or such a message moves between the two).
 */

type State = Record<string, unknown>;

interface Subscription {
  stream_id: number;
  history_public_to_subscribers: boolean;
}

/** The viewer's subscription to a channel, when the snapshot has subscriptions; null when it has none. */
function subscriptionTo(state: State, streamId: number): Subscription | undefined | null {
  const subscriptions = state.subscriptions as Subscription[] | undefined;
  if (!subscriptions) return null;
  return subscriptions.find((each) => each.stream_id === streamId);
}

const isUnread = (unread: Unread, id: number): boolean =>
  [...unread.streams, ...unread.pms, ...unread.huddles].some((bucket) => bucket.unread_message_ids.includes(id));

/** Whether the flags make the message count as a mention where it now is. */
function mentionedBy(state: State, flags: readonly string[], place: { stream_id: number; topic: string } | null): boolean {
  if (flags.includes('mentioned')) return true;
  const wildcard = flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned');
  return wildcard && (place === null || !isMuted(state, place.stream_id, place.topic));
}

/**
 * Moved messages: unread ones follow to their new channel and topic, unless the viewer is not
 * subscribed there (unread messages live in subscribed channels only). A move into another channel
 * takes the messages out of the history of a viewer not subscribed to it, and puts them into the
 * history of a subscriber when that channel keeps its history from new subscribers.
 */
function applyMove(state: State, event: ReceivedEvent, viewerId: number): void {
  const ids = event.message_ids as number[];
  const streamId = (event.new_stream_id ?? event.stream_id) as number;
  const place = { stream_id: streamId, topic: (event.subject ?? event.orig_subject) as string };
  const subscription = subscriptionTo(state, streamId);
  // Without subscriptions in the snapshot the client cannot tell, and keeps unread messages unread where they went.
  const kept = subscription !== undefined;
  if (event.new_stream_id !== undefined && subscription === undefined) forgetMessages(state, ids);
  if (event.new_stream_id !== undefined && subscription && !subscription.history_public_to_subscribers) learnMessages(state, ids);
  const unread = state.unread_msgs as Unread | undefined;
  if (!unread) return;
  for (const id of ids) {
    if (!unread.streams.some((bucket) => bucket.unread_message_ids.includes(id))) continue;
    const mentioned = unread.mentions.includes(id);
    removeUnread(unread, id);
    if (kept) addUnread(unread, { id, mentioned, kind: 'stream', ...place }, viewerId);
  }
}

/** A content edit recomputes the edited message's mention flags (`flags` are the viewer's, after the edit). */
function applyContentEdit(state: State, event: ReceivedEvent): void {
  const unread = state.unread_msgs as Unread | undefined;
  const id = event.message_id as number;
  if (!unread || !isUnread(unread, id)) return;
  const bucket = unread.streams.find((each) => each.unread_message_ids.includes(id));
  const mentioned = mentionedBy(state, event.flags as string[], bucket ? { stream_id: bucket.stream_id, topic: bucket.topic } : null);
  const others = unread.mentions.filter((each) => each !== id);
  unread.mentions = mentioned ? [...others, id].sort((a, b) => a - b) : others;
}

/** An `update_message` event: a move (with `propagate_mode`), a content edit, or both. */
function applyUpdateMessageEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  if (event.propagate_mode !== undefined) applyMove(state, event, viewerId);
  if (event.content !== undefined) applyContentEdit(state, event);
}

/** A `delete_message` event, in either shape: the messages leave the unread state and the history. */
function applyDeleteMessageEvent(state: State, event: ReceivedEvent): void {
  const ids = (event.message_ids ?? [event.message_id]) as number[];
  const unread = state.unread_msgs as Unread | undefined;
  if (unread) for (const id of ids) removeUnread(unread, id);
  forgetMessages(state, ids);
}

/** A `reaction` event changes no section, except that the viewer reacting puts a message read from public history into their history. */
function applyReactionEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  if (event.op === 'add' && event.user_id === viewerId) learnMessages(state, [event.message_id as number]);
}

/** An update_message, delete_message or reaction event, applied to the snapshot of `viewerId`. */
export function applyMessageChangeEvent(state: State, event: ReceivedEvent, viewerId: number): void {
  if (event.type === 'update_message') applyUpdateMessageEvent(state, event, viewerId);
  else if (event.type === 'delete_message') applyDeleteMessageEvent(state, event);
  else applyReactionEvent(state, event, viewerId);
}
