import { type AccessWorld, hasContentAccess } from '../channels/channel-access.js';
import type { ChannelState } from '../channels/channel-state.js';
import { badRequest } from '../errors.js';
import type { MessagesDeleted } from '../events/message-deletion-events.js';
import { isUserInSetting } from '../groups/group-setting.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import type { UserState } from '../users/user-state.js';
import type { MessageState } from './message-state.js';

export interface DeleteMessageContext extends AccessWorld {
  actor: UserState;
  /** The message's channel, for a channel message. */
  channel: ChannelState | undefined;
  settings: RealmSettings;
  /** Milliseconds since the epoch. */
  now: number;
}

export interface DeleteMessageCommand {
  message: MessageState;
  /** Users with a row for the message. */
  holders: readonly number[];
  /** The files the message links. */
  attachmentIds: readonly number[];
}

const noPermission = () => badRequest("You don't have permission to delete this message");

/** In the organization's group for the permission, or in the channel's where the user can read it. */
export function granted(ctx: DeleteMessageContext, setting: 'can_delete_any_message_group' | 'can_delete_own_message_group'): boolean {
  const userId = ctx.actor.user_id;
  if (isUserInSetting(ctx, ctx.realm[setting], userId)) return true;
  const channel = ctx.channel;
  return channel !== undefined && hasContentAccess(ctx, channel, userId) && isUserInSetting(ctx, channel.settings[setting], userId);
}

/** The sender, or the owner of the bot that sent it. */
function ownsMessage(ctx: DeleteMessageContext, message: MessageState): boolean {
  if (message.sender_id === ctx.actor.user_id) return true;
  const sender = ctx.users.get(message.sender_id);
  return sender?.is_bot === true && sender.bot_owner_id === ctx.actor.user_id;
}

/**
 * DELETE /messages/{id}. Whoever may delete any message (the organization's can_delete_any_message_group,
 * administrators by default, or the channel's) deletes it at any age. Otherwise only one's own message
 * (or one's bot's), with can_delete_own_message_group (the organization's or the channel's), and within
 * message_content_delete_limit_seconds of sending. The caller has checked the user may read the message.
 */
export function decideDeleteMessage(ctx: DeleteMessageContext, cmd: DeleteMessageCommand): MessagesDeleted {
  const { message } = cmd;
  if (!granted(ctx, 'can_delete_any_message_group')) {
    if (!ownsMessage(ctx, message) || !granted(ctx, 'can_delete_own_message_group')) throw noPermission();
    const limit = ctx.settings.message_content_delete_limit_seconds;
    if (limit !== null && ctx.now - message.date_sent > limit * 1000) throw badRequest('The time limit for deleting this message has passed');
  }
  const holders = [...cmd.holders].sort((a, b) => a - b);
  const attachment_ids = [...new Set(cmd.attachmentIds)].sort((a, b) => a - b);
  return { type: 'MessagesDeleted', data: { message_ids: [message.id], recipient: message.recipient, holders, attachment_ids, reason: 'deleted' } };
}
