import { badRequest, VisibilityPolicy } from '@chat/core';
import type { CallOf } from '@chat/http';
import { visibleChannelIdByName } from './channels-read.js';
import { updateUserTopic } from '../actions/user-topics.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What legacyMuteTopicEndpoint uses. */
type LegacyMuteTopicEndpointDeps = Commands & Clocked & Configured & Reads<'subscriptions' | 'userTopics' | 'users'> & Uses<'organization'>;

/** What updateUserTopicEndpoint uses. */
type UpdateUserTopicEndpointDeps = Commands & Configured & Reads<'subscriptions' | 'userTopics' | 'users'> & Uses<'organization'>;

/** POST /user_topics */
export async function updateUserTopicEndpoint(ctx: UpdateUserTopicEndpointDeps, call: CallOf<'user-topic-update'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const p = call.params;
  await updateUserTopic(ctx, originOf(call), user.user_id, {
    channel_id: p.stream_id,
    topic: p.topic,
    visibility_policy: p.visibility_policy,
  });
  return {};
}

/**
 * PATCH /users/me/subscriptions/muted_topics (legacy): `add` mutes the topic, `remove` takes its
 * policy away, both through the same decision as POST /user_topics. The channel is named by id or
 * by name, exactly one of them.
 */
export async function legacyMuteTopicEndpoint(ctx: LegacyMuteTopicEndpointDeps, call: CallOf<'muted-topic-update'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const p = call.params;
  if (p.stream !== undefined && p.stream_id !== undefined) throw badRequest("Please choose one: 'stream' or 'stream_id'.");
  let channelId: number;
  if (p.stream_id !== undefined) channelId = p.stream_id;
  else if (p.stream !== undefined) channelId = await visibleChannelIdByName(ctx, user, p.stream);
  else throw badRequest("Missing 'stream_id' argument");
  await updateUserTopic(ctx, originOf(call), user.user_id, {
    channel_id: channelId,
    topic: p.topic,
    visibility_policy: p.op === 'add' ? VisibilityPolicy.Muted : VisibilityPolicy.Inherit,
  });
  return {};
}
