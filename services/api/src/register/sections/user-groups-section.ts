import { worldOf } from '@chat/core';
import { userGroupView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** The `realm_user_groups` section; deactivated groups only for clients with include_deactivated_groups. */
export const userGroupsSection: SectionBuilder = async ({ ctx, capabilities }) => {
  const world = worldOf(await ctx.models.userGroups.all(), await ctx.models.users.all());
  const groups = [...world.groups.values()]
    .filter((group) => capabilities.include_deactivated_groups || !group.deactivated)
    .sort((a, b) => a.id - b.id);
  return { realm_user_groups: groups.map((group) => userGroupView(world, group)) };
};
