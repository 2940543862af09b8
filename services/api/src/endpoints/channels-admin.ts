import { normalizedTopic } from '@chat/core';
import type { CallOf } from '@chat/http';
import { createChannel } from '../actions/create-channel.js';
import { deleteTopic } from '../actions/delete-topic.js';
import { updateSubscriptions } from '../actions/update-subscriptions.js';
import { callerUser, originOf } from './call-context.js';
import { newChannelOptions } from './new-channel-options.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What deleteTopicEndpoint uses. */
type DeleteTopicEndpointDeps = Commands & Clocked & Configured & Reads<'messages' | 'realm' | 'subscriptions' | 'users' | 'attachmentLinks' | 'reminders'> & Uses<'organization'>;
/** What updateSubscriptionsEndpoint uses. */
type UpdateSubscriptionsEndpointDeps = Commands & Clocked & Configured & Allocates & LogReads & Reads<'messages' | 'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

/** What createChannelEndpoint uses. */
type CreateChannelEndpointDeps = Commands & Clocked & Configured & Allocates & LogReads & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

/** POST /channels/create */
export async function createChannelEndpoint(ctx: CreateChannelEndpointDeps, call: CallOf<'channel-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const id = await createChannel(ctx, originOf(call), actor.user_id, {
    name: p.name,
    description: p.description ?? '',
    subscribers: p.subscribers,
    options: newChannelOptions(p),
    announce: p.announce === true,
  });
  return { id };
}

/** POST /streams/{stream_id}/delete_topic: `complete` false asks the client to repeat the request. */
export async function deleteTopicEndpoint(ctx: DeleteTopicEndpointDeps, call: CallOf<'topic-delete'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const topic = normalizedTopic(call.params.topic_name);
  return deleteTopic(ctx, originOf(call), actor, call.path.stream_id, topic, ctx.config.deleteTopicTimeBudgetMs);
}

/** PATCH /users/me/subscriptions: the caller's own subscriptions, added and removed at once. */
export async function updateSubscriptionsEndpoint(ctx: UpdateSubscriptionsEndpointDeps, call: CallOf<'subscriptions-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  return {
    ...(await updateSubscriptions(ctx, originOf(call), actor.user_id, {
      add: p.add ?? [],
      delete: p.delete ?? [],
      options: newChannelOptions({}),
    })),
  };
}
