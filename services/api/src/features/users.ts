import { userFanout } from '@chat/projections/client-events/user-fanout';
import { userLifecycleFanout } from '@chat/projections/client-events/user-lifecycle-fanout';
import { usersProjection } from '@chat/projections/users/users-projection';
import { confirmEmailChangePage } from '../endpoints/confirm-email.js';
import { htmlPage } from '../ops/html-pages.js';
import { updateSettingsEndpoint } from '../endpoints/settings.js';
import { deactivateOwnUserEndpoint, deactivateUserEndpoint, reactivateUserEndpoint } from '../endpoints/users-lifecycle.js';
import { getOwnUser, getUser, listUsers } from '../endpoints/users-read.js';
import { createUserEndpoint, regenerateApiKey, updateUserEndpoint } from '../endpoints/users-write.js';
import { realmUserSection } from '../register/sections/realm-user-section.js';
import { legacyDisplaySettingsSection, legacyNotificationSettingsSection, userSettingsSection } from '../register/sections/user-settings-section.js';
import { type Feature, page, route } from './feature.js';

const USER_STREAM = { stream: 'user-<user_id>' };

/** Users: accounts, roles, addresses, profiles, personal settings, deactivation. */
export const usersFeature: Feature = {
  name: 'users',
  events: {
    UserCreated: USER_STREAM,
    UserRenamed: USER_STREAM,
    UserRoleChanged: USER_STREAM,
    UserEmailChanged: USER_STREAM,
    UserEmailChangeRequested: USER_STREAM,
    UserProfileDataChanged: USER_STREAM,
    UserPasswordChanged: USER_STREAM,
    UserApiKeyRotated: USER_STREAM,
    UserSettingsChanged: USER_STREAM,
    UserDeactivated: USER_STREAM,
    UserReactivated: USER_STREAM,
  },
  projections: [usersProjection],
  fanouts: [userFanout, userLifecycleFanout],
  routes: [
    route('GET', '/users', 'required', 'users-list', listUsers),
    page('/accounts/confirm_new_email/:token', 'none', 'email-confirm-page', htmlPage(confirmEmailChangePage)),
    route('POST', '/users', 'required', 'users-create', createUserEndpoint),
    route('GET', '/users/me', 'required', 'empty', getOwnUser),
    route('POST', '/users/me/api_key/regenerate', 'required', 'api-key-regenerate', regenerateApiKey),
    route('GET', '/users/:user', 'required', 'user-get', getUser),
    route('PATCH', '/users/:user', 'required', 'user-update', updateUserEndpoint),
    route('DELETE', '/users/me', 'required', 'empty', deactivateOwnUserEndpoint),
    route('DELETE', '/users/:user', 'required', 'user-deactivate', deactivateUserEndpoint),
    route('POST', '/users/:user_id/reactivate', 'required', 'user-reactivate', reactivateUserEndpoint),
    route('PATCH', '/settings', 'required', 'settings-update', updateSettingsEndpoint),
    route('PATCH', '/settings/display', 'required', 'settings-update', updateSettingsEndpoint),
    route('PATCH', '/settings/notifications', 'required', 'settings-update', updateSettingsEndpoint),
  ],
  sections: {
    realm_user: realmUserSection,
    user_settings: userSettingsSection,
    update_display_settings: legacyDisplaySettingsSection,
    update_global_notifications: legacyNotificationSettingsSection,
  },
};
