import { type GroupWorld, isUserInSetting } from '../groups/group-setting.js';
import type { RealmGroupSettings } from '../groups/user-group-state.js';
import { isAdminRole, Role } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { ChannelState } from './channel-state.js';

/**
 * Who may see and do what in a channel. Metadata access means knowing the channel exists (its name,
 * description, subscribers); content access means reading its messages and subscribing oneself.
 */
export interface AccessWorld extends GroupWorld {
  realm: RealmGroupSettings;
  /** Whether the user is subscribed to the channel now. */
  isSubscribed(userId: number, channelId: number): boolean;
}

const active = (user: UserState | undefined): user is UserState => user?.is_active === true;

/** Organization administrators and members of the channel's can_administer_channel_group. */
export function canAdministerChannel(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  const user = world.users.get(userId);
  if (!active(user)) return false;
  return isAdminRole(user.role) || isUserInSetting(world, channel.settings.can_administer_channel_group, userId);
}

/** Who may subscribe themselves to a private channel, and so may read it: its subscribe and add groups. */
function grantedPrivateAccess(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  return (
    isUserInSetting(world, channel.settings.can_subscribe_group, userId) ||
    isUserInSetting(world, channel.settings.can_add_subscribers_group, userId)
  );
}

/** Reading the channel's messages: public channels for everyone but guests; subscribers; granted groups. */
export function hasContentAccess(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  const user = world.users.get(userId);
  if (!active(user)) return false;
  if (world.isSubscribed(userId, channel.channel_id)) return true;
  if (!channel.invite_only) return user.role !== Role.Guest || channel.is_web_public;
  return grantedPrivateAccess(world, channel, userId);
}

/** Knowing the channel: content access, plus channel administrators (which includes organization administrators). */
export function hasMetadataAccess(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  return hasContentAccess(world, channel, userId) || canAdministerChannel(world, channel, userId);
}

/** Subscribing oneself: public channels for non-guests; otherwise a group granting it. A subscriber may always ask again. */
export function canSubscribeSelf(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  const user = world.users.get(userId);
  if (!active(user)) return false;
  if (world.isSubscribed(userId, channel.channel_id)) return true;
  if (!channel.invite_only && user.role !== Role.Guest) return true;
  return grantedPrivateAccess(world, channel, userId);
}

/**
 * Subscribing others: the channel's can_add_subscribers_group; channel administrators for public
 * channels; holders of the organization's can_add_subscribers_group where they have content access.
 */
export function canAddSubscribers(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  const user = world.users.get(userId);
  if (!active(user)) return false;
  if (isUserInSetting(world, channel.settings.can_add_subscribers_group, userId)) return true;
  if (!channel.invite_only && canAdministerChannel(world, channel, userId)) return true;
  return isUserInSetting(world, world.realm.can_add_subscribers_group, userId) && hasContentAccess(world, channel, userId);
}

/**
 * Unsubscribing others: organization administrators anywhere; a user with access to the channel who
 * is in its can_remove_subscribers_group; anyone removing a bot they own from a channel they can access.
 */
export function canRemoveSubscriber(world: AccessWorld, channel: ChannelState, actorId: number, targetId: number): boolean {
  const actor = world.users.get(actorId);
  if (!active(actor)) return false;
  if (isAdminRole(actor.role)) return true;
  if (!hasMetadataAccess(world, channel, actorId)) return false;
  const target = world.users.get(targetId);
  if (target?.is_bot && target.bot_owner_id === actorId) return true;
  return isUserInSetting(world, channel.settings.can_remove_subscribers_group, actorId);
}
