import { badRequest, canonicalTopic, EMPTY_TOPIC_DISPLAY_NAME, missingArgument, type UserState } from '@chat/core';
import type { CallOf } from '@chat/http';
import type { Delivery } from '@chat/realtime';
import { apiEmail } from '@chat/wire';
import { ChannelQuery } from '../queries/channel-query.js';
import { callerUser } from './call-context.js';
import { realmHost } from '../realm-host.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What setTyping uses. */
type SetTypingDeps = Clocked & Configured & Reads<'subscriptions' | 'users'> & Uses<'organization' | 'queues'>;

/**
 * POST /typing. Typing is ephemeral: it goes straight to the recipients' feeds and never into the log.
 * Recipients who turned typing notifications off get nothing.
 */
export async function setTyping(ctx: SetTypingDeps, call: CallOf<'typing'>): Promise<Record<string, unknown>> {
  const sender = await callerUser(ctx, call);
  const p = call.params;
  const type = p.type ?? 'direct';
  if (type === 'private') throw badRequest("Invalid 'type': 'private' is no longer accepted; use 'direct'");
  const { op } = p;
  const host = realmHost(ctx);
  const person = (user: UserState) => ({ user_id: user.user_id, email: apiEmail(user, host) });
  const listening = (user: UserState) => user.is_active && user.settings.receives_typing_notifications;

  if (type === 'direct') {
    if (p.to === undefined) throw missingArgument('to');
    const ids = [...new Set(p.to)];
    if (ids.length === 0) throw badRequest("Invalid 'to': empty list of recipients");
    if (!sender.settings.send_private_typing_notifications) throw badRequest('User has disabled typing notifications for direct messages');
    const recipients: UserState[] = [];
    for (const id of ids) {
      const user = await ctx.models.users.get(id);
      if (!user || !user.is_active) throw badRequest(`Invalid user ID ${id}`);
      recipients.push(user);
    }
    const everyone = recipients.some((user) => user.user_id === sender.user_id) ? recipients : [sender, ...recipients];
    const delivery: Delivery = {
      userIds: recipients.filter(listening).map((user) => user.user_id),
      event: { type: 'typing', op, message_type: 'direct', sender: person(sender), recipients: everyone.map(person) },
    };
    await ctx.queues.publish([delivery]);
    return {};
  }

  if (p.stream_id === undefined) throw badRequest('Missing channel ID: stream_id is required for channel typing notifications');
  if (p.topic === undefined) throw missingArgument('topic');
  if (!sender.settings.send_stream_typing_notifications) throw badRequest('User has disabled typing notifications for channel messages');
  const subscribers = await channelTypingAudience(ctx, p.stream_id, sender);
  const topic = canonicalTopic(p.topic);
  const userIds = subscribers.filter(listening).map((user) => user.user_id);
  const base = { type: 'typing', op, message_type: 'stream', sender: person(sender), stream_id: p.stream_id };
  // Only clients that declared stream_typing_notifications get these; the empty topic is spelled
  // out for clients that do not know it.
  await ctx.queues.publish([
    { userIds, event: { ...base, topic }, audience: { capabilities: { stream_typing_notifications: true, empty_topic_name: true } } },
    {
      userIds,
      event: { ...base, topic: topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic },
      audience: { capabilities: { stream_typing_notifications: true, empty_topic_name: false } },
    },
  ]);
  return {};
}

/** Subscribers of the channel other than the sender; the sender must be able to read the channel. */
async function channelTypingAudience(ctx: Clocked & Reads<'subscriptions'> & Uses<'organization'>, streamId: number, sender: UserState): Promise<UserState[]> {
  const q = await ChannelQuery.open(ctx, sender);
  const channel = q.visible(streamId);
  if (!channel || !q.canRead(channel)) throw badRequest(`Invalid channel ID ${streamId}`);
  const subscribers = await q.subscribers(streamId);
  return subscribers.filter((id) => id !== sender.user_id).flatMap((id) => {
    const user = q.world.users.get(id);
    return user ? [user] : [];
  });
}
