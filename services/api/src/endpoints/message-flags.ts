import { badRequest, canonicalTopic, type ChannelState, FlagBit, type FlagsDecision, type UserState } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import type { CallOf, RouteCall } from '@chat/http';
import type { MessagePredicate, MessageQuery } from '@chat/readstore';
import { changeFlags, type FlagChange, type FlagSelection } from '../actions/update-flags.js';
import type { ChannelQuery } from '../queries/channel-query.js';
import { narrowFor } from '../queries/message-narrow.js';
import { parseAnchor, windowAround } from '../queries/message-window.js';
import { parseNarrow } from '../queries/narrow-clauses.js';
import { narrowPage } from '../queries/search-window.js';
import { callerUser, originOf } from './call-context.js';
import { resolveAnchor } from './messages-read.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What change uses. */
type ChangeDeps = Commands & Clocked & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization'>;
/** What updateMessageFlagsForNarrowEndpoint uses. */
type UpdateMessageFlagsForNarrowEndpointDeps = Commands & Clocked & Configured & Reads<'messages' | 'subscriptions' | 'userTopics' | 'users'> & Uses<'organization' | 'search'>;

/** The most messages one flags-for-narrow request processes, as the public server bounds it. */
const MAX_MESSAGES_PER_UPDATE = 5000;

const NOT_READ: MessagePredicate = { op: 'not', of: { op: 'flags', bits: FlagBit.read } };
const MARK_READ: FlagChange = { op: 'add', flag: 'read' };

/** The change as the caller asked for it, on the messages `select` finds. */
async function change<S extends { ids: readonly number[] }>(ctx: ChangeDeps, call: RouteCall, asked: FlagChange, select: FlagSelection<S>) {
  return changeFlags(ctx, originOf(call), await callerUser(ctx, call), asked, select);
}

const askedChange = ({ op, flag }: { op: string; flag: string }): FlagChange => ({ op, flag });

/** `ignored_because_not_subscribed_channels`, present only when marking unread. */
const ignoredChannels = (decision: FlagsDecision): Record<string, unknown> =>
  decision.ignored_because_not_subscribed_channels === undefined ? {} : { ignored_because_not_subscribed_channels: decision.ignored_because_not_subscribed_channels };

/** POST /messages/flags: `messages` echoes the ids asked for, as the public server does. */
export async function updateMessageFlagsEndpoint(ctx: ChangeDeps, call: CallOf<'message-flags-update'>): Promise<Record<string, unknown>> {
  const messages = call.params.messages;
  const { decision } = await change(ctx, call, askedChange(call.params), async () => ({ ids: messages }));
  return { messages, ...ignoredChannels(decision) };
}

/** The window's sizes, bounded together to MAX_MESSAGES_PER_UPDATE the way the public server bounds them. */
function boundedWindow(params: { include_anchor?: boolean; num_before: number; num_after: number }): { include_anchor: boolean; num_before: number; num_after: number } {
  const include_anchor = params.include_anchor !== false;
  const asked = { before: params.num_before, after: params.num_after };
  if (asked.before > 0 && asked.after > 0 && !include_anchor) throw badRequest('The anchor can only be excluded at an end of the range');
  const num_before = Math.min(asked.before, Math.max(MAX_MESSAGES_PER_UPDATE - asked.after, MAX_MESSAGES_PER_UPDATE / 2));
  return { include_anchor, num_before, num_after: Math.min(asked.after, MAX_MESSAGES_PER_UPDATE - num_before) };
}

/** POST /messages/flags/narrow: the change on a window of a narrow, as GET /messages would list it. */
export async function updateMessageFlagsForNarrowEndpoint(ctx: UpdateMessageFlagsForNarrowEndpointDeps, call: CallOf<'message-flags-narrow'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const anchor = parseAnchor(p.anchor, false);
  const window = boundedWindow(p);
  const clauses = parseNarrow(p.narrow);
  const { decision, selection } = await change(ctx, call, askedChange(call.params), async (q) => {
    const narrow = await narrowFor(ctx, q, clauses);
    const query: MessageQuery = { userId: q.viewer.user_id, source: narrow.source, where: narrow.where };
    return narrowPage({ messages: ctx.models.messages, index: ctx.search }, query, windowAround(await resolveAnchor(ctx, query, anchor), window));
  });
  const ids = selection.ids;
  return {
    processed_count: ids.length,
    updated_count: decision.changed.length,
    first_processed_id: ids.length > 0 ? ids[0] : null,
    last_processed_id: ids.length > 0 ? ids[ids.length - 1] : null,
    found_oldest: selection.found_oldest,
    found_newest: selection.found_newest,
    ...ignoredChannels(decision),
  };
}

/**
 * Messages marked read by one command of mark_all_as_read. Its event lists them, and EventStoreDB
 * refuses an append over 1 MiB (its maximum append size): about 130,000 ids in one event would pass it.
 */
export const MARK_ALL_CHUNK = 10_000;

/**
 * POST /mark_all_as_read (deprecated): every unread message of the user, in any conversation, marked
 * in commands of MARK_ALL_CHUNK messages each (marking read again changes nothing, so a request cut
 * short is completed by sending it again).
 */
export async function markAllAsReadEndpoint(ctx: ChangeDeps, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  // One origin for every command of the request: each commit gets event ids of its own.
  await markAllAsRead(ctx, originOf(call), await callerUser(ctx, call));
  return { complete: true };
}

/** Marks every unread message of the user read, `chunk` messages per command. */
export async function markAllAsRead(ctx: ChangeDeps, origin: Origin, user: UserState, chunk = MARK_ALL_CHUNK): Promise<void> {
  for (let more = true; more; ) {
    await changeFlags(ctx, origin, user, { ...MARK_READ, all: true }, async (q) => {
      const unread = await ctx.models.messages.unread(q.viewer.user_id);
      more = unread.length > chunk;
      return { ids: unread.slice(0, chunk) };
    });
  }
}

/** A channel whose messages the user may read, by id. */
function readableChannel(q: ChannelQuery, channelId: number): ChannelState {
  const channel = q.channels.find((each) => each.channel_id === channelId);
  if (!channel || !q.canRead(channel)) throw badRequest('Invalid channel ID');
  return channel;
}

/** The user's unread messages meeting the conditions, in their own history. */
const unreadWhere = (ctx: Reads<'messages'>, q: ChannelQuery, where: MessagePredicate[]): Promise<number[]> =>
  ctx.models.messages.matching({ userId: q.viewer.user_id, source: { kind: 'history' }, where: [...where, NOT_READ] });

/** POST /mark_stream_as_read (deprecated) */
export async function markStreamAsReadEndpoint(ctx: ChangeDeps, call: CallOf<'mark-stream-as-read'>): Promise<Record<string, unknown>> {
  await change(ctx, call, MARK_READ, async (q) => {
    const channel = readableChannel(q, call.params.stream_id);
    return { ids: await unreadWhere(ctx, q, [{ op: 'channel', channelId: channel.channel_id }]) };
  });
  return {};
}

/**
 * POST /mark_topic_as_read (deprecated): `(no topic)` and the empty topic's display name mean the
 * empty topic. A named topic must hold a message of the user's history.
 */
export async function markTopicAsReadEndpoint(ctx: ChangeDeps, call: CallOf<'mark-topic-as-read'>): Promise<Record<string, unknown>> {
  const asked = call.params.topic_name;
  const topic = canonicalTopic(asked);
  await change(ctx, call, MARK_READ, async (q) => {
    const where: MessagePredicate[] = [{ op: 'channel', channelId: readableChannel(q, call.params.stream_id).channel_id }, { op: 'topic', topic }];
    const ids = await unreadWhere(ctx, q, where);
    if (ids.length === 0 && asked !== '') {
      const held = await ctx.models.messages.page({ userId: q.viewer.user_id, source: { kind: 'history' }, where }, { anchor: 0, include_anchor: true, num_before: 0, num_after: 1 });
      if (held.ids.length === 0) throw badRequest(`No such topic '${asked}'`);
    }
    return { ids };
  });
  return {};
}
