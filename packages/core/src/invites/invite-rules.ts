import { type GroupWorld, isUserInSetting } from '../groups/group-setting.js';
import type { RealmGroupSettings } from '../groups/user-group-state.js';
import { isAdminRole } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { InviteLinkState } from './invite-state.js';

export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;
export { DEFAULT_INVITATION_LINK_VALIDITY_MINUTES } from './invite-defaults.js';

/** Administrators, and holders of the organization's can_invite_users_group. */
export function canInviteUsers(world: GroupWorld & { realm: RealmGroupSettings }, user: UserState): boolean {
  if (!user.is_active) return false;
  return isAdminRole(user.role) || isUserInSetting(world, world.realm.can_invite_users_group, user.user_id);
}

/** Roles are ordered by number, lower more privileged: a user invites to their own role or a more restricted one. */
export const mayGrantRole = (user: UserState, role: number): boolean => role >= user.role;

/** Who manages a link (lists and revokes it): its creator and administrators. */
export const managesInvite = (user: UserState, invite: Pick<InviteLinkState, 'creator_id'>): boolean =>
  user.is_active && (isAdminRole(user.role) || invite.creator_id === user.user_id);

/** A link works until it is revoked or its expiry passes (never, for a link without expiry). */
export const isInviteLinkUsable = (invite: InviteLinkState, now: number): boolean =>
  !invite.revoked && (invite.expires_at === null || now < invite.expires_at);
