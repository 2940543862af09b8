import { type AccessWorld, hasContentAccess } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';
import { badRequest } from '../errors.js';
import type { UserTopicChanged } from '../events/message-events.js';
import type { UserTopicState } from './message-state.js';
import { normalizedTopic } from './topic-rules.js';
import { VisibilityPolicy } from './visibility-policy.js';
import { visibilityPolicyName } from './visibility-policy-names.js';

export interface UserTopicContext extends AccessWorld {
  userId: number;
  /** The channel the request names, if it exists. */
  channel: ChannelState | undefined;
  /** The user's policies in that channel. */
  policies: readonly UserTopicState[];
}

export interface UpdateUserTopic {
  channel_id: number;
  topic: string;
  visibility_policy: number;
}

const POLICIES: readonly number[] = Object.values(VisibilityPolicy);

const invalidChannel = () => badRequest('Invalid channel ID');

/**
 * POST /user_topics: sets the user's visibility policy for a topic (whether or not it has messages),
 * in a channel whose messages they may read. A policy the user has may always be removed (0), even
 * after they lost access to the channel. Setting the policy the topic already has records nothing.
 */
export function decideUpdateUserTopic(ctx: UserTopicContext, cmd: UpdateUserTopic): UserTopicChanged[] {
  if (!POLICIES.includes(cmd.visibility_policy)) {
    throw badRequest(`Invalid 'visibility_policy': must be one of ${POLICIES.join(', ')}`);
  }
  const channel = ctx.channel;
  if (!channel) throw invalidChannel();
  const topic = normalizedTopic(cmd.topic);
  const current = ctx.policies.find((policy) => policy.channel_id === channel.channel_id && policy.topic.toLowerCase() === topic.toLowerCase());
  const removingOwn = cmd.visibility_policy === VisibilityPolicy.Inherit && current !== undefined;
  if (!removingOwn && !hasContentAccess(ctx, channel, ctx.userId)) throw invalidChannel();
  if ((current?.visibility_policy ?? VisibilityPolicy.Inherit) === cmd.visibility_policy) return [];
  return [{ type: 'UserTopicChanged', data: { user_id: ctx.userId, channel_id: channel.channel_id, topic, visibility_policy: visibilityPolicyName(cmd.visibility_policy) } }];
}
