import { type AccessWorld, canAdministerChannel } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';
import { badRequest } from '../errors.js';
import { isUserInSetting } from '../groups/group-setting.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import { isModeratorOrAbove } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { MessageState } from './message-state.js';

/**
 * Seconds past a time limit still accepted: clients offer editing until shortly before the limit,
 * and the request needs time to arrive (the public server allows the same margin).
 */
export const EDIT_LIMIT_GRACE_SECONDS = 20;

/** Whether a message sent at `dateSent` (ms) is older, at `now` (ms), than a limit in seconds (null: no limit). */
export const pastLimit = (dateSent: number, now: number, limitSeconds: number | null): boolean =>
  limitSeconds !== null && now - dateSent > (limitSeconds + EDIT_LIMIT_GRACE_SECONDS) * 1000;

/** Moderators and administrators move messages of any age. */
export const exemptFromMoveLimits = (user: UserState): boolean => isModeratorOrAbove(user.role);

/** Content edits: only while the organization allows editing, only by the sender, only within the limit. */
export function checkContentEditAllowed(settings: RealmSettings, actor: UserState, message: MessageState, now: number): void {
  if (!settings.allow_message_editing) throw badRequest('Your organization has turned off message editing.');
  if (message.sender_id !== actor.user_id) throw badRequest("You don't have permission to edit this message: only its sender may change its content.");
  if (pastLimit(message.date_sent, now, settings.message_content_edit_limit_seconds)) {
    throw badRequest('The time limit for editing this message has passed.');
  }
}

/** Moving messages between topics of one channel: administrators of the channel, and its own permission group. */
function canMoveWithinChannel(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  return canAdministerChannel(world, channel, userId) || isUserInSetting(world, channel.settings.can_move_messages_within_channel_group, userId);
}

/** Renaming the topic of messages: the organization's permission, or the channel's (where they are, or where they go). */
export function canEditTopic(world: AccessWorld, from: ChannelState, to: ChannelState, userId: number): boolean {
  return (
    isUserInSetting(world, world.realm.can_move_messages_between_topics_group, userId) ||
    canMoveWithinChannel(world, from, userId) ||
    (to.channel_id !== from.channel_id && canMoveWithinChannel(world, to, userId))
  );
}

/** Moving messages out of a channel: administrators, the organization's permission, the channel's administrators and its permission group. */
export function canMoveOutOfChannel(world: AccessWorld, channel: ChannelState, userId: number): boolean {
  return (
    isUserInSetting(world, world.realm.can_move_messages_between_channels_group, userId) ||
    canAdministerChannel(world, channel, userId) ||
    isUserInSetting(world, channel.settings.can_move_messages_out_of_channel_group, userId)
  );
}

/** Resolving or unresolving a topic: the organization's permission, or either channel's. */
export function canResolveTopics(world: AccessWorld, from: ChannelState, to: ChannelState, userId: number): boolean {
  return (
    isUserInSetting(world, world.realm.can_resolve_topics_group, userId) ||
    isUserInSetting(world, from.settings.can_resolve_topics_group, userId) ||
    (to.channel_id !== from.channel_id && isUserInSetting(world, to.settings.can_resolve_topics_group, userId))
  );
}
