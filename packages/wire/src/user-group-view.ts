import { directMembers, type GroupWorld, type UserGroupState } from '@chat/core';

/** A user group as clients receive it (GET /user_groups, register's realm_user_groups, user_group add). */
export const userGroupView = (world: GroupWorld, group: UserGroupState): Record<string, unknown> => ({
  id: group.id,
  name: group.name,
  description: group.description,
  members: directMembers(world, group).sort((a, b) => a - b),
  direct_subgroup_ids: [...group.direct_subgroup_ids].sort((a, b) => a - b),
  is_system_group: group.is_system_group,
  deactivated: group.deactivated,
  date_created: Math.floor(group.date_created / 1000),
  creator_id: group.creator_id,
  ...group.settings,
});
