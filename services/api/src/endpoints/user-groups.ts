import {
  badRequest,
  directMembers,
  type GroupSettingUpdate,
  listedMembers,
  Role,
  USER_GROUP_SETTING_NAMES,
  type UserGroupSettingName,
  type UserGroupSettings,
  worldOf,
} from '@chat/core';
import type { CallOf } from '@chat/http';
import { userGroupView } from '@chat/wire';
import { createUserGroup, deactivateUserGroup, updateUserGroup, updateUserGroupMembers } from '../actions/user-groups.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What createUserGroupEndpoint uses. */
type CreateUserGroupEndpointDeps = Commands & Allocates & Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>;
/** What updateUserGroupMembersEndpoint uses. */
type UpdateUserGroupMembersEndpointDeps = Commands & Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>;

export const intList = (value: unknown): number[] | undefined => (Array.isArray(value) ? value.map(Number) : undefined);

/** The path's group id, which must name a group. */
export async function pathGroupId(ctx: Reads<'userGroups'>, call: { path: { user_group_id: number } }): Promise<number> {
  const id = call.path.user_group_id;
  if (!(await ctx.models.userGroups.get(id))) throw badRequest('Invalid user group');
  return id;
}

/** POST /user_groups/create */
export async function createUserGroupEndpoint(ctx: CreateUserGroupEndpointDeps, call: CallOf<'user-group-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const settings: Partial<UserGroupSettings> = {};
  for (const name of USER_GROUP_SETTING_NAMES) {
    const value = p[name];
    if (value !== undefined) settings[name] = value;
  }
  const group_id = await createUserGroup(ctx, originOf(call), actor, {
    name: p.name,
    description: p.description,
    members: intList(p.members) ?? [],
    subgroups: intList(p.subgroups),
    settings,
  });
  return { group_id };
}

/** GET /user_groups: members and administrators; guests may not list groups. */
export async function listUserGroups(ctx: Reads<'userGroups' | 'users'>, call: CallOf<'user-groups-list'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  if (viewer.role === Role.Guest) throw badRequest('Not allowed for guest users');
  const includeDeactivated = call.params.include_deactivated_groups === true;
  const world = worldOf(await ctx.models.userGroups.all(), await ctx.models.users.all());
  const groups = [...world.groups.values()]
    .filter((group) => includeDeactivated || !group.deactivated)
    .sort((a, b) => a.id - b.id)
    .map((group) => userGroupView(world, group));
  return { user_groups: groups };
}

/** GET /user_groups/{user_group_id}/members: recursive unless direct_member_only. */
export async function getUserGroupMembers(ctx: Reads<'userGroups' | 'users'>, call: CallOf<'user-group-members-get'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  const world = worldOf(await ctx.models.userGroups.all(), await ctx.models.users.all());
  const group = world.groups.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  return { members: call.params.direct_member_only === true ? directMembers(world, group) : listedMembers(world, groupId) };
}

/** GET /user_groups/{user_group_id}/members/{user_id}: through subgroups unless direct_member_only; a deactivated user is no member. */
export async function getUserGroupMembership(ctx: Reads<'userGroups' | 'users'>, call: CallOf<'user-group-member-get'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  const userId = call.path.user_id;
  const world = worldOf(await ctx.models.userGroups.all(), await ctx.models.users.all());
  const group = world.groups.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (!world.users.has(userId)) throw badRequest(`Invalid 'user_id': no user ${userId}`);
  const members = call.params.direct_member_only === true ? directMembers(world, group) : listedMembers(world, groupId);
  return { is_user_group_member: members.includes(userId) };
}

/** POST /user_groups/{user_group_id}/members */
export async function updateUserGroupMembersEndpoint(ctx: UpdateUserGroupMembersEndpointDeps, call: CallOf<'user-group-members-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  const p = call.params;
  await updateUserGroupMembers(ctx, originOf(call), actor, groupId, {
    add: intList(p.add),
    delete: intList(p.delete),
    add_subgroups: intList(p.add_subgroups),
    delete_subgroups: intList(p.delete_subgroups),
  });
  return {};
}

/** PATCH /user_groups/{user_group_id}: name, description, permission settings as {new, old?}, and deactivated=false to reactivate. */
export async function updateUserGroupEndpoint(ctx: UpdateUserGroupMembersEndpointDeps, call: CallOf<'user-group-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  const p = call.params;
  const settings: Partial<Record<UserGroupSettingName, GroupSettingUpdate>> = {};
  for (const name of USER_GROUP_SETTING_NAMES) {
    const value = p[name];
    if (value !== undefined) settings[name] = value;
  }
  await updateUserGroup(ctx, originOf(call), actor, groupId, {
    name: p.name,
    description: p.description,
    deactivated: p.deactivated,
    settings,
  });
  return {};
}

/** POST /user_groups/{user_group_id}/deactivate */
export async function deactivateUserGroupEndpoint(ctx: UpdateUserGroupMembersEndpointDeps, call: CallOf<'user-group-deactivate'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  await deactivateUserGroup(ctx, originOf(call), actor, groupId);
  return {};
}
