import { userStatusFanout } from '@chat/projections/client-events/user-status-fanout';
import { mutedUsersProjection, userStatusProjection } from '@chat/projections/user-status/user-status-projection';
import { muteUserEndpoint, unmuteUserEndpoint } from '../endpoints/muted-users.js';
import { getUserStatusEndpoint, updateOwnStatusEndpoint, updateUserStatusEndpoint } from '../endpoints/user-status.js';
import { mutedUsersSection, userStatusSection } from '../register/sections/user-status-sections.js';
import { type Feature, route } from './feature.js';

const ALONE = { stream: 'user-<user_id>', leavesOrganizationAlone: true } as const;

/** Users' statuses (text and emoji) and the users each one has muted. */
export const userStatusFeature: Feature = {
  name: 'user-status',
  events: { UserStatusChanged: ALONE, UserMuted: ALONE, UserUnmuted: ALONE },
  projections: [userStatusProjection, mutedUsersProjection],
  fanouts: [userStatusFanout],
  routes: [
    route('POST', '/users/me/status', 'required', 'user-status-update', updateOwnStatusEndpoint),
    route('GET', '/users/:user_id/status', 'required', 'user-status-get', getUserStatusEndpoint),
    route('POST', '/users/:user_id/status', 'required', 'user-status-update-for-user', updateUserStatusEndpoint),
    route('POST', '/users/me/muted_users/:muted_user_id', 'required', 'muted-user', muteUserEndpoint),
    route('DELETE', '/users/me/muted_users/:muted_user_id', 'required', 'muted-user', unmuteUserEndpoint),
  ],
  sections: { user_status: userStatusSection, muted_users: mutedUsersSection },
};
