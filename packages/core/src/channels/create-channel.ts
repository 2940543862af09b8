import { ApiError, insufficientPermission } from '../errors.js';
import type { ChannelCreated, SubscriptionAdded } from '../events/channel-events.js';
import { isUserInSetting } from '../groups/group-setting.js';
import { isAdminRole } from '../roles.js';
import { channelByName, type ChannelContext } from './channel-context.js';
import { checkChannelDescription, checkChannelName } from './channel-rules.js';
import { joinChannels } from './join-channels.js';
import { resolvePrincipals } from './principals.js';
import { channelCreated, checkCreate, type NewChannelOptions, newChannel } from './subscribe.js';

export interface CreateChannelCommand {
  /** The id reserved for the channel. */
  channel_id: number;
  name: string;
  description: string;
  /** Users to subscribe, by id; the creator only if listed. */
  subscribers: readonly number[];
  options: NewChannelOptions;
  /** Markdown to HTML, for the description. */
  render: (markdown: string) => string;
}

export const channelAlreadyExists = (name: string): ApiError => new ApiError('CHANNEL_ALREADY_EXISTS', 409, `Channel '${name}' already exists`);

/**
 * POST /channels/create: a channel with the rules of channels created by subscribing (who may create
 * what kind, defaults, permissions), and the listed users subscribed. A name already taken is a
 * conflict rather than a subscription.
 */
export function decideCreateChannel(ctx: ChannelContext, cmd: CreateChannelCommand): (ChannelCreated | SubscriptionAdded)[] {
  const name = checkChannelName(cmd.name);
  const existing = channelByName(ctx, name);
  if (existing) throw channelAlreadyExists(existing.name);
  const description = checkChannelDescription(cmd.description);
  checkCreate(ctx, cmd.options);
  const subscribers = resolvePrincipals(ctx, ctx.actor, cmd.subscribers, undefined, 'subscribers');
  const actorId = ctx.actor.user_id;
  const others = subscribers.some((user) => user.user_id !== actorId);
  if (others && !isAdminRole(ctx.actor.role) && !isUserInSetting(ctx, ctx.realm.can_add_subscribers_group, actorId)) {
    throw insufficientPermission("Insufficient permission to subscribe other users to channels: 'subscribers'");
  }
  const channel = newChannel(ctx, cmd.options, cmd.render, cmd.channel_id, name, description);
  const joined = joinChannels(ctx.subscriptions, [channel], subscribers.map((user) => user.user_id));
  return [channelCreated(channel), ...joined.events.values()];
}
