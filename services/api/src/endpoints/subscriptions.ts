import { badRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { subscribe, unsubscribe } from '../actions/subscriptions.js';
import { ChannelQuery, includeSubscribersParam } from '../queries/channel-query.js';
import { callerUser, originOf } from './call-context.js';
import { newChannelOptions } from './new-channel-options.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What unsubscribeEndpoint uses. */
type UnsubscribeEndpointDeps = Commands & Clocked & Configured & LogReads & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization'>;
/** What listSubscriptions uses. */
type ListSubscriptionsDeps = Clocked & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** What subscribeEndpoint uses. */
type SubscribeEndpointDeps = Commands & Clocked & Configured & Allocates & LogReads & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

export const principalsParam = (value: (number | string)[] | undefined): (number | string)[] | null => value ?? null;

/** POST /users/me/subscriptions */
export async function subscribeEndpoint(ctx: SubscribeEndpointDeps, call: CallOf<'subscribe'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const fatal = p.authorization_errors_fatal !== false;
  const result = await subscribe(ctx, originOf(call), actor.user_id, {
    channels: p.subscriptions,
    principals: principalsParam(p.principals),
    authorization_errors_fatal: fatal,
    options: newChannelOptions(p),
    announce: p.announce === true,
    send_new_subscription_messages: p.send_new_subscription_messages !== false,
  });
  const response: Record<string, unknown> = { subscribed: result.subscribed, already_subscribed: result.already_subscribed };
  if (!fatal) response.unauthorized = result.unauthorized;
  if (result.new_subscription_messages_sent !== null) response.new_subscription_messages_sent = result.new_subscription_messages_sent;
  return response;
}

/** DELETE /users/me/subscriptions */
export async function unsubscribeEndpoint(ctx: UnsubscribeEndpointDeps, call: CallOf<'unsubscribe'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const names = call.params.subscriptions;
  return unsubscribe(ctx, originOf(call), actor.user_id, { names, principals: principalsParam(call.params.principals) });
}

/** GET /users/me/subscriptions: the caller's current subscriptions, archived channels left out. */
export async function listSubscriptions(ctx: ListSubscriptionsDeps, call: CallOf<'subscriptions-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const q = await ChannelQuery.open(ctx, viewer);
  const include = includeSubscribersParam(call.params.include_subscribers);
  const subscriptions = [];
  for (const channel of q.channels) {
    if (q.isSubscribed(channel) && !channel.is_archived) subscriptions.push(await q.subscriptionRecord(channel, include));
  }
  return { subscriptions };
}

/** GET /users/{user_id}/subscriptions/{stream_id} */
export async function subscriptionStatus(ctx: ListSubscriptionsDeps, call: CallOf<'subscription-status-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const q = await ChannelQuery.open(ctx, viewer);
  const userId = call.path.user_id;
  if (q.world.users.get(userId)?.is_active !== true) throw badRequest('No such user');
  const channel = q.visible(call.path.stream_id);
  if (!channel) throw badRequest('Invalid channel ID');
  return { is_subscribed: (await q.subscribers(channel.channel_id)).includes(userId) };
}
