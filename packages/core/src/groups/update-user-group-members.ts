import { badRequest, insufficientPermission } from '../errors.js';
import type { UserGroupMembersChanged } from '../events/group-events.js';
import { type GroupWorld, groupAndDescendants, isUserInSetting } from './group-setting.js';
import { canManageGroup, checkMemberUser, refuseSystemGroup, requireGroup, type UserGroupContext } from './group-rules.js';
import type { UserGroupState } from './user-group-state.js';

export interface UpdateUserGroupMembers {
  add?: number[];
  delete?: number[];
  add_subgroups?: number[];
  delete_subgroups?: number[];
}

/**
 * A group that may become a direct subgroup of `parentId`: it exists, is active, and does not already
 * contain the parent (which would make a cycle, the parent itself included).
 */
export function checkNewSubgroup(ctx: GroupWorld, parentId: number, groupId: number): void {
  const group = ctx.groups.get(groupId);
  if (!group) throw badRequest(`Invalid user group ID: ${groupId}`);
  if (group.deactivated) throw badRequest(`User group ${groupId} is deactivated and cannot be a subgroup.`);
  if (groupId === parentId) throw badRequest(`User group ${groupId} cannot be a subgroup of itself.`);
  if (groupAndDescendants(ctx, groupId).has(parentId)) {
    throw badRequest(`User group ${groupId} cannot be a subgroup of group ${parentId}: it would create a cycle.`);
  }
}

const unique = (ids: readonly number[] | undefined): number[] => [...new Set(ids ?? [])];

function mayChange(ctx: UserGroupContext, group: UserGroupState, kind: 'add' | 'remove', userIds: readonly number[]): boolean {
  if (canManageGroup(ctx, group)) return true;
  const actor = ctx.actor.user_id;
  const setting = kind === 'add' ? group.settings.can_add_members_group : group.settings.can_remove_members_group;
  if (isUserInSetting(ctx, setting, actor)) return true;
  // Joining or leaving: a change of only the actor's own membership.
  const self = kind === 'add' ? group.settings.can_join_group : group.settings.can_leave_group;
  return userIds.length === 1 && userIds[0] === actor && isUserInSetting(ctx, self, actor);
}

/** Whether the actor may add other users to the group (managers and holders of can_add_members_group). */
export const canAddGroupMembers = (ctx: UserGroupContext, group: UserGroupState): boolean => mayChange(ctx, group, 'add', []);

/**
 * POST /user_groups/{id}/members: direct members and subgroups. Allowed on deactivated groups too
 * (feature level 391); a deactivated group can never be added as a subgroup.
 */
export function decideUpdateUserGroupMembers(ctx: UserGroupContext, groupId: number, cmd: UpdateUserGroupMembers): UserGroupMembersChanged[] {
  const group = requireGroup(ctx, groupId);
  refuseSystemGroup(group);
  const add = unique(cmd.add);
  const remove = unique(cmd.delete);
  const addSubgroups = unique(cmd.add_subgroups);
  const removeSubgroups = unique(cmd.delete_subgroups);
  if (add.length + remove.length + addSubgroups.length + removeSubgroups.length === 0) {
    throw badRequest("Nothing to do. Specify at least one of 'add', 'delete', 'add_subgroups' or 'delete_subgroups'.");
  }
  if (add.length > 0 && !mayChange(ctx, group, 'add', add)) throw insufficientPermission('Insufficient permission');
  if (remove.length > 0 && !mayChange(ctx, group, 'remove', remove)) throw insufficientPermission('Insufficient permission');
  if (addSubgroups.length > 0 && !mayChange(ctx, group, 'add', [])) throw insufficientPermission('Insufficient permission');
  if (removeSubgroups.length > 0 && !mayChange(ctx, group, 'remove', [])) throw insufficientPermission('Insufficient permission');

  const members = new Set(group.members);
  for (const userId of add) {
    checkMemberUser(ctx, userId);
    if (members.has(userId)) throw badRequest(`User ${userId} is already a member of this group`);
    if (remove.includes(userId)) throw badRequest(`User ${userId} cannot be both added and removed`);
  }
  for (const userId of remove) {
    checkMemberUser(ctx, userId);
    if (!members.has(userId)) throw badRequest(`There is no member '${userId}' in this user group`);
  }
  const subgroups = new Set(group.direct_subgroup_ids);
  for (const subId of addSubgroups) {
    checkNewSubgroup(ctx, groupId, subId);
    if (subgroups.has(subId)) throw badRequest(`User group ${subId} is already a subgroup of this group.`);
    if (removeSubgroups.includes(subId)) throw badRequest(`User group ${subId} cannot be both added and removed`);
  }
  for (const subId of removeSubgroups) {
    if (!ctx.groups.has(subId)) throw badRequest(`Invalid user group ID: ${subId}`);
    if (!subgroups.has(subId)) throw badRequest(`User group ${subId} is not a subgroup of this group.`);
  }
  return [
    {
      type: 'UserGroupMembersChanged',
      data: { group_id: groupId, added_members: add, removed_members: remove, added_subgroups: addSubgroups, removed_subgroups: removeSubgroups },
    },
  ];
}

export interface UpdateUserGroupSubgroups {
  add?: number[];
  delete?: number[];
}

/** POST /user_groups/{id}/subgroups: the subgroup half of the members endpoint, under its own parameter names. */
export function decideUpdateUserGroupSubgroups(ctx: UserGroupContext, groupId: number, cmd: UpdateUserGroupSubgroups): UserGroupMembersChanged[] {
  requireGroup(ctx, groupId);
  if (unique(cmd.add).length + unique(cmd.delete).length === 0) throw badRequest("Nothing to do. Specify at least one of 'add' or 'delete'.");
  return decideUpdateUserGroupMembers(ctx, groupId, { add_subgroups: cmd.add, delete_subgroups: cmd.delete });
}
