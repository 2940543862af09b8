import { type AccessWorld, hasContentAccess } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';

/**
 * Whether a user may read a channel's messages they did not receive (its history): the channel shares
 * its history with subscribers, and the user may read the channel.
 */
export const canReadChannelHistory = (world: AccessWorld, channel: ChannelState, userId: number): boolean =>
  channel.history_public_to_subscribers && hasContentAccess(world, channel, userId);
