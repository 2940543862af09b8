import { groupAndDescendants, worldOf } from '@chat/core';
import type { CallOf } from '@chat/http';
import { updateUserGroupSubgroups } from '../actions/user-groups.js';
import { callerUser, originOf } from './call-context.js';
import { intList, pathGroupId } from './user-groups.js';
import type { Commands, Reads } from '../dependencies.js';

/** What updateUserGroupSubgroupsEndpoint uses. */
type UpdateUserGroupSubgroupsEndpointDeps = Commands & Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>;

/** GET /user_groups/{user_group_id}/subgroups: every group below this one, unless direct_subgroup_only. */
export async function getUserGroupSubgroups(ctx: Reads<'userGroups' | 'users'>, call: CallOf<'user-group-subgroups-get'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  const world = worldOf(await ctx.models.userGroups.all(), await ctx.models.users.all());
  const direct = world.groups.get(groupId)?.direct_subgroup_ids ?? [];
  const subgroups = call.params.direct_subgroup_only === true ? direct : [...groupAndDescendants(world, groupId)].filter((id) => id !== groupId);
  return { subgroups: [...subgroups].sort((a, b) => a - b) };
}

/** POST /user_groups/{user_group_id}/subgroups */
export async function updateUserGroupSubgroupsEndpoint(ctx: UpdateUserGroupSubgroupsEndpointDeps, call: CallOf<'user-group-subgroups-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const groupId = await pathGroupId(ctx, call);
  await updateUserGroupSubgroups(ctx, originOf(call), actor, groupId, { add: intList(call.params.add), delete: intList(call.params.delete) });
  return {};
}
