import { badRequest } from '../errors.js';
import type { UserGroupMembersChanged } from '../events/group-events.js';
import type { InviteLinkUsed } from '../events/invite-events.js';
import type { UserGroupState } from '../groups/user-group-state.js';
import { isInviteLinkUsable } from './invite-rules.js';
import type { InviteLinkState } from './invite-state.js';

export interface InviteLinkUse {
  invite: InviteLinkState;
  used: InviteLinkUsed;
  /** One membership change per group of the link, on that group's stream. */
  memberships: UserGroupMembersChanged[];
}

/** A new account joins an invitation's groups (one that holds it already, after a retried request, is left alone). */
export function groupMemberships(groupIds: readonly number[], groups: ReadonlyMap<number, UserGroupState>, userId: number): UserGroupMembersChanged[] {
  return groupIds
    .filter((groupId) => {
      const group = groups.get(groupId);
      return group !== undefined && !group.members.includes(userId);
    })
    .map((group_id) => ({
      type: 'UserGroupMembersChanged',
      data: { group_id, added_members: [userId], removed_members: [], added_subgroups: [], removed_subgroups: [] },
    }));
}

/** The link, if it can be used now; an unknown, revoked or expired link is refused with one message, so a guessed key learns nothing. */
export function checkInviteLinkUsable(invite: InviteLinkState | undefined, now: number): InviteLinkState {
  if (!invite || !isInviteLinkUsable(invite, now)) throw badRequest('Invalid or expired invitation link');
  return invite;
}

/**
 * POST /invites/multiuse/accept: a usable link admits a new account, which joins the link's groups
 * (a group that holds it already, after a retried request, is left alone).
 */
export function decideUseInviteLink(
  invite: InviteLinkState | undefined,
  groups: ReadonlyMap<number, UserGroupState>,
  now: number,
  userId: number,
): InviteLinkUse {
  const link = checkInviteLinkUsable(invite, now);
  const memberships = groupMemberships(link.group_ids, groups, userId);
  return { invite: link, used: { type: 'InviteLinkUsed', data: { invite_id: link.id, user_id: userId } }, memberships };
}
