import type { ChannelState } from '../channels/channel-state.js';
import { badRequest, insufficientPermission } from '../errors.js';
import { isAdminRole } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import { type GroupWorld, isUserInSetting } from './group-setting.js';
import { RESERVED_GROUP_NAME_PREFIX } from './system-groups.js';
import type { RealmGroupSettings, UserGroupState } from './user-group-state.js';

export const MAX_USER_GROUP_NAME_LENGTH = 100;
export const MAX_USER_GROUP_DESCRIPTION_LENGTH = 1024;

/**
 * What every user-group decision sees: the groups, the users, the organization's group permissions,
 * the actor, and the channels (whose permissions may name groups).
 */
export interface UserGroupContext extends GroupWorld {
  actor: UserState;
  realm: RealmGroupSettings;
  channels: ReadonlyMap<number, ChannelState>;
}

/** Administrators, holders of can_manage_all_groups, and holders of the group's own can_manage_group. */
export function canManageGroup(ctx: UserGroupContext, group: UserGroupState): boolean {
  const actor = ctx.actor.user_id;
  return (
    isAdminRole(ctx.actor.role) ||
    isUserInSetting(ctx, ctx.realm.can_manage_all_groups, actor) ||
    isUserInSetting(ctx, group.settings.can_manage_group, actor)
  );
}

/** System groups follow roles: nobody edits, renames or deactivates them. */
export function refuseSystemGroup(group: UserGroupState): void {
  if (group.is_system_group) throw insufficientPermission('Insufficient permission');
}

export function requireManage(ctx: UserGroupContext, group: UserGroupState): void {
  refuseSystemGroup(group);
  if (!canManageGroup(ctx, group)) throw insufficientPermission('Insufficient permission');
}

/** A group name: trimmed, non-empty, not reserved for system groups, unique among groups regardless of case. */
export function checkGroupName(ctx: GroupWorld, raw: string, selfId: number | null): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest("Invalid 'name': user group name must not be empty");
  if (name.length > MAX_USER_GROUP_NAME_LENGTH) {
    throw badRequest(`Invalid 'name': user group name cannot exceed ${MAX_USER_GROUP_NAME_LENGTH} characters`);
  }
  if (name.toLowerCase().startsWith(RESERVED_GROUP_NAME_PREFIX)) {
    throw badRequest(`Invalid 'name': user group name cannot start with '${RESERVED_GROUP_NAME_PREFIX}'`);
  }
  const folded = name.toLowerCase();
  for (const group of ctx.groups.values()) {
    if (group.id !== selfId && group.name.toLowerCase() === folded) throw badRequest(`User group '${name}' already exists.`);
  }
  return name;
}

export function checkGroupDescription(raw: string): string {
  if (raw.length > MAX_USER_GROUP_DESCRIPTION_LENGTH) {
    throw badRequest(`Invalid 'description': cannot exceed ${MAX_USER_GROUP_DESCRIPTION_LENGTH} characters`);
  }
  return raw;
}

/** A user who may be a direct member: exists and is not deactivated. */
export function checkMemberUser(ctx: GroupWorld, userId: number): void {
  if (ctx.users.get(userId)?.is_active !== true) throw badRequest(`Invalid user ID: ${userId}`);
}

export function requireGroup(ctx: GroupWorld, groupId: number): UserGroupState {
  const group = ctx.groups.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  return group;
}
