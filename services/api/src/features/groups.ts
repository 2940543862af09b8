import { groupsFanout, roleGroupsFanout } from '@chat/projections/client-events/groups-fanout';
import { groupsProjection } from '@chat/projections/groups/groups-projection';
import { getUserGroupSubgroups, updateUserGroupSubgroupsEndpoint } from '../endpoints/user-group-subgroups.js';
import {
  createUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  getUserGroupMembers,
  getUserGroupMembership,
  listUserGroups,
  updateUserGroupEndpoint,
  updateUserGroupMembersEndpoint,
} from '../endpoints/user-groups.js';
import { userGroupsSection } from '../register/sections/user-groups-section.js';
import { type Feature, route } from './feature.js';

const GROUP_STREAM = { stream: 'usergroup-<group_id>' };

/** User groups: members, subgroups, settings, the permissions they hold, deactivation. */
export const groupsFeature: Feature = {
  name: 'groups',
  events: {
    UserGroupCreated: GROUP_STREAM,
    UserGroupUpdated: GROUP_STREAM,
    UserGroupMembersChanged: GROUP_STREAM,
    UserGroupPermissionsChanged: GROUP_STREAM,
    UserGroupDeactivated: GROUP_STREAM,
    UserGroupReactivated: GROUP_STREAM,
  },
  projections: [groupsProjection],
  fanouts: [groupsFanout, roleGroupsFanout],
  routes: [
    route('POST', '/user_groups/create', 'required', 'user-group-create', createUserGroupEndpoint),
    route('GET', '/user_groups', 'required', 'user-groups-list', listUserGroups),
    route('GET', '/user_groups/:user_group_id/members', 'required', 'user-group-members-get', getUserGroupMembers),
    route('POST', '/user_groups/:user_group_id/members', 'required', 'user-group-members-update', updateUserGroupMembersEndpoint),
    route('GET', '/user_groups/:user_group_id/members/:user_id', 'required', 'user-group-member-get', getUserGroupMembership),
    route('GET', '/user_groups/:user_group_id/subgroups', 'required', 'user-group-subgroups-get', getUserGroupSubgroups),
    route('POST', '/user_groups/:user_group_id/subgroups', 'required', 'user-group-subgroups-update', updateUserGroupSubgroupsEndpoint),
    route('PATCH', '/user_groups/:user_group_id', 'required', 'user-group-update', updateUserGroupEndpoint),
    route('POST', '/user_groups/:user_group_id/deactivate', 'required', 'user-group-deactivate', deactivateUserGroupEndpoint),
  ],
  sections: { user_group: userGroupsSection },
  sectionAliases: { realm_user_groups: 'user_group' },
};
