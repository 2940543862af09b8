import { JsonText } from '@chat/http';
import { userGroupView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/**
 * The `realm_user_groups` section; deactivated groups only for clients with include_deactivated_groups.
 * The same for every viewer: serialized once per organization version (a system group of a large
 * organization lists thousands of members, worked out from every user's role).
 */
export const userGroupsSection: SectionBuilder = async ({ ctx, capabilities }) => {
  const organization = await ctx.organization.current();
  const withDeactivated = capabilities.include_deactivated_groups;
  const text = organization.derived(`realm_user_groups:${withDeactivated}`, () => {
    const world = { groups: organization.groups, users: organization.users };
    const groups = [...organization.groups.values()].filter((group) => withDeactivated || !group.deactivated).sort((a, b) => a.id - b.id);
    return new JsonText(JSON.stringify(groups.map((group) => userGroupView(world, group))));
  });
  return { realm_user_groups: text };
};
