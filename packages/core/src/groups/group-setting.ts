import { badRequest } from '../errors.js';
import type { UserState } from '../users/user-state.js';
import { isSystemBot } from '../users/system-bots.js';
import { systemGroupRoles } from './system-groups.js';
import type { GroupSettingValue, UserGroupState } from './user-group-state.js';

/** What group decisions read: every group and every user, by id. */
export interface GroupWorld {
  groups: ReadonlyMap<number, UserGroupState>;
  users: ReadonlyMap<number, UserState>;
}

export const worldOf = (groups: Iterable<UserGroupState>, users: Iterable<UserState>): GroupWorld => ({
  groups: new Map([...groups].map((group) => [group.id, group])),
  users: new Map([...users].map((user) => [user.user_id, user])),
});

/**
 * A group's direct members as clients see them: active users only; for a system group, the active
 * users whose role belongs to it (system-group membership is never recorded, it follows roles), system bots aside.
 */
export function directMembers(world: GroupWorld, group: UserGroupState): number[] {
  if (group.is_system_group) {
    const roles = systemGroupRoles(group.name);
    return [...world.users.values()]
      .filter((user) => user.is_active && roles.includes(user.role) && !isSystemBot(user))
      .map((user) => user.user_id)
      .sort((a, b) => a - b);
  }
  return group.members.filter((id) => world.users.get(id)?.is_active === true);
}

/** Every group reachable from `groupId` through subgroups, itself included. */
export function groupAndDescendants(world: GroupWorld, groupId: number): Set<number> {
  const seen = new Set<number>();
  const stack = [groupId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const sub of world.groups.get(id)?.direct_subgroup_ids ?? []) stack.push(sub);
  }
  return seen;
}

/** Members of a group and of its subgroups, recursively. A deactivated group has no effective members. */
export function effectiveMembers(world: GroupWorld, groupId: number): Set<number> {
  const members = new Set<number>();
  const root = world.groups.get(groupId);
  if (!root || root.deactivated) return members;
  for (const id of groupAndDescendants(world, groupId)) {
    const group = world.groups.get(id);
    if (!group || group.deactivated) continue;
    for (const userId of directMembers(world, group)) members.add(userId);
  }
  return members;
}

/** Members of a group, recursively, for listing (a deactivated group still lists who is in it). */
export function listedMembers(world: GroupWorld, groupId: number): number[] {
  const members = new Set<number>();
  for (const id of groupAndDescendants(world, groupId)) {
    const group = world.groups.get(id);
    if (group) for (const userId of directMembers(world, group)) members.add(userId);
  }
  return [...members].sort((a, b) => a - b);
}

/** Whether the user is one of the group's direct members (as directMembers counts them), without listing them. */
function isDirectMember(group: UserGroupState, user: UserState): boolean {
  if (!user.is_active) return false;
  if (group.is_system_group) return systemGroupRoles(group.name).includes(user.role) && !isSystemBot(user);
  return group.members.includes(user.user_id);
}

/** Whether the user is among the group's effective members; asks each group about the user instead of listing members. */
export function isUserInGroup(world: GroupWorld, groupId: number, userId: number): boolean {
  const user = world.users.get(userId);
  const root = world.groups.get(groupId);
  if (!user || !root || root.deactivated) return false;
  for (const id of groupAndDescendants(world, groupId)) {
    const group = world.groups.get(id);
    if (group && !group.deactivated && isDirectMember(group, user)) return true;
  }
  return false;
}

/** Whether a user holds a permission expressed as a group-setting value. */
export function isUserInSetting(world: GroupWorld, value: GroupSettingValue, userId: number): boolean {
  if (world.users.get(userId)?.is_active !== true) return false;
  if (typeof value === 'number') return isUserInGroup(world, value, userId);
  if (value.direct_members.includes(userId)) return true;
  return value.direct_subgroups.some((groupId) => isUserInGroup(world, groupId, userId));
}

/** The groups a setting value names. */
export const groupsInSetting = (value: GroupSettingValue): number[] => (typeof value === 'number' ? [value] : value.direct_subgroups);

/**
 * Checks a value before it is stored: every group exists and is active (a deactivated group cannot
 * hold a permission), every user exists and is active. `forbidden` names system groups the setting
 * may not be set to. Returns the value with duplicate ids removed.
 */
export function checkGroupSettingValue(
  world: GroupWorld,
  setting: string,
  value: GroupSettingValue,
  forbidden: readonly string[] = [],
): GroupSettingValue {
  const checkGroup = (groupId: number): void => {
    const group = world.groups.get(groupId);
    if (!group) throw badRequest(`Invalid user group ID: ${groupId} in '${setting}'`);
    if (group.deactivated) throw badRequest(`Invalid '${setting}': user group ${groupId} is deactivated`);
    if (group.is_system_group && forbidden.includes(group.name)) {
      throw badRequest(`'${setting}' setting cannot be set to '${group.name}' group.`);
    }
  };
  if (typeof value === 'number') {
    checkGroup(value);
    return value;
  }
  const direct_members = [...new Set(value.direct_members)];
  const direct_subgroups = [...new Set(value.direct_subgroups)];
  // An anonymous group of no one is role:nobody by another spelling.
  if (direct_members.length === 0 && direct_subgroups.length === 0 && forbidden.includes('role:nobody')) {
    throw badRequest(`'${setting}' setting cannot be set to 'role:nobody' group.`);
  }
  for (const userId of direct_members) {
    if (world.users.get(userId)?.is_active !== true) throw badRequest(`Invalid user ID: ${userId} in '${setting}'`);
  }
  for (const groupId of direct_subgroups) checkGroup(groupId);
  return { direct_members, direct_subgroups };
}
