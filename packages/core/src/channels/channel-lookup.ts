import { badRequest, insufficientPermission } from '../errors.js';
import { canAdministerChannel, hasMetadataAccess } from './channel-access.js';
import type { ChannelContext } from './channel-context.js';
import type { ChannelState } from './channel-state.js';

/** A channel the actor may know, by id: an unknown channel and an invisible one are refused alike. */
export function requireVisibleChannel(ctx: ChannelContext, channelId: number): ChannelState {
  const channel = ctx.channels.get(channelId);
  if (!channel || !hasMetadataAccess(ctx, channel, ctx.actor.user_id)) throw badRequest('Invalid channel ID');
  return channel;
}

/** A channel the actor administers (organization administrators, or its can_administer_channel_group). */
export function requireAdministeredChannel(ctx: ChannelContext, channelId: number): ChannelState {
  const channel = requireVisibleChannel(ctx, channelId);
  if (!canAdministerChannel(ctx, channel, ctx.actor.user_id)) {
    throw insufficientPermission('You do not have permission to administer this channel.');
  }
  return channel;
}
