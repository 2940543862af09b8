import { canAddSubscribers, hasMetadataAccess } from '../channels/channel-access.js';
import type { ChannelContext } from '../channels/channel-context.js';
import { badRequest, insufficientPermission } from '../errors.js';
import type { InviteLinkCreated } from '../events/invite-events.js';
import { isUserInSetting } from '../groups/group-setting.js';
import { canAddGroupMembers } from '../groups/update-user-group-members.js';
import { isAdminRole, isRole, Role, ROLE_VALUES, type RoleValue } from '../roles.js';
import { canInviteUsers, MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH, mayGrantRole } from './invite-rules.js';

export interface CreateInviteLink {
  invite_id: number;
  key_digest: string;
  /** The server's time, milliseconds since the epoch: expiry counts from it. */
  now: number;
  /** The server setting INVITATION_LINK_VALIDITY_MINUTES, used when the request names no expiry. */
  default_validity_minutes: number;
  invite_as?: number;
  /** Absent: the server default; null: never expires. */
  invite_expires_in_minutes?: number | null;
  stream_ids?: readonly number[];
  group_ids?: readonly number[];
  include_realm_default_subscriptions?: boolean;
  welcome_message_custom_text?: string | null;
}

const MINUTE_MS = 60_000;

/** The role new users get: valid, and no more privileged than the actor's own. */
export function checkRole(ctx: ChannelContext, raw: number | undefined): RoleValue {
  const role = raw ?? Role.Member;
  if (!isRole(role)) throw badRequest(`Invalid 'invite_as': must be one of ${ROLE_VALUES.join(', ')}`);
  if (!mayGrantRole(ctx.actor, role)) {
    throw insufficientPermission(`Insufficient permission: 'invite_as' ${role} is a more privileged role than your own`);
  }
  return role;
}

/** When an invitation stops working, from the server's clock and the request (or the server default). */
export function expiryOf(cmd: Pick<CreateInviteLink, 'now' | 'default_validity_minutes' | 'invite_expires_in_minutes'>): number | null {
  const minutes = cmd.invite_expires_in_minutes === undefined ? cmd.default_validity_minutes : cmd.invite_expires_in_minutes;
  if (minutes === null) return null;
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw badRequest("Invalid 'invite_expires_in_minutes': must be a positive integer, or null for a link that never expires");
  }
  const expires = cmd.now + minutes * MINUTE_MS;
  if (!Number.isSafeInteger(expires)) throw badRequest("Invalid 'invite_expires_in_minutes': too far in the future");
  return expires;
}

/** Length is counted in characters (code points), as the public API counts it; only administrators may set it. */
export function welcomeTextOf(ctx: ChannelContext, text: string | null | undefined): string | null {
  if (text === undefined || text === null) return null;
  if ([...text].length > MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH) {
    throw badRequest(`Invalid 'welcome_message_custom_text': cannot exceed ${MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH} characters`);
  }
  return isAdminRole(ctx.actor.role) ? text : null;
}

/**
 * Channels the new users join: each must exist and be known to the actor, and be a default channel
 * or one the actor may add subscribers to; none at all when the actor may not subscribe others.
 */
export function checkChannels(ctx: ChannelContext, requested: readonly number[]): number[] {
  const ids = [...new Set(requested)];
  const actorId = ctx.actor.user_id;
  const channels = ids.map((id) => {
    const channel = ctx.channels.get(id);
    if (!channel || channel.is_archived || !hasMetadataAccess(ctx, channel, actorId)) throw badRequest(`Invalid channel ID ${id} in 'stream_ids'`);
    return channel;
  });
  if (channels.length === 0) return ids;
  if (!isAdminRole(ctx.actor.role) && !isUserInSetting(ctx, ctx.realm.can_add_subscribers_group, actorId)) {
    throw insufficientPermission("Insufficient permission to subscribe other users to channels: 'stream_ids' must be empty");
  }
  for (const channel of channels) {
    if (!channel.is_default && !canAddSubscribers(ctx, channel, actorId)) {
      throw insufficientPermission(`Insufficient permission to subscribe other users to channel ${channel.channel_id} in 'stream_ids'`);
    }
  }
  return ids;
}

/** Groups the new users join: active groups that are not system groups, which the actor may add members to. */
export function checkGroups(ctx: ChannelContext, requested: readonly number[]): number[] {
  const ids = [...new Set(requested)];
  for (const id of ids) {
    const group = ctx.groups.get(id);
    if (!group || group.is_system_group || group.deactivated) throw badRequest(`Invalid user group ID ${id} in 'group_ids'`);
    if (!canAddGroupMembers(ctx, group)) throw insufficientPermission(`Insufficient permission to add members to user group ${id} in 'group_ids'`);
  }
  return ids;
}

/** POST /invites/multiuse: users allowed to invite create a reusable link for roles up to their own. */
export function decideCreateInviteLink(ctx: ChannelContext, cmd: CreateInviteLink): InviteLinkCreated[] {
  if (!canInviteUsers(ctx, ctx.actor)) throw insufficientPermission('Insufficient permission');
  const invited_as = checkRole(ctx, cmd.invite_as);
  const expires_at = expiryOf(cmd);
  const welcome_message_custom_text = welcomeTextOf(ctx, cmd.welcome_message_custom_text);
  const channel_ids = checkChannels(ctx, cmd.stream_ids ?? []);
  const group_ids = checkGroups(ctx, cmd.group_ids ?? []);
  return [
    {
      type: 'InviteLinkCreated',
      data: {
        invite_id: cmd.invite_id,
        key_digest: cmd.key_digest,
        creator_id: ctx.actor.user_id,
        invited_as,
        channel_ids,
        group_ids,
        include_realm_default_subscriptions: cmd.include_realm_default_subscriptions ?? false,
        welcome_message_custom_text,
        expires_at,
      },
    },
  ];
}
