import { profileFieldsFanout, userDefaultsFanout } from '@chat/projections/client-events/profile-fields-fanout';
import { realmFanout } from '@chat/projections/client-events/realm-fanout';
import { profileFieldsProjection } from '@chat/projections/realm/profile-fields-projection';
import { realmProjection } from '@chat/projections/realm/realm-projection';
import { userDefaultsProjection } from '@chat/projections/realm/user-defaults-projection';
import {
  createProfileFieldEndpoint,
  deleteProfileFieldEndpoint,
  listProfileFields,
  reorderProfileFieldsEndpoint,
  updateProfileFieldEndpoint,
} from '../endpoints/profile-fields.js';
import { updateRealmEndpoint } from '../endpoints/realm-settings.js';
import { updateUserSettingsDefaultsEndpoint } from '../endpoints/user-settings-defaults.js';
import { customProfileFieldsSection } from '../register/sections/custom-profile-fields-section.js';
import { realmSection } from '../register/sections/realm-section.js';
import { userSettingsDefaultsSection } from '../register/sections/user-settings-defaults-section.js';
import { testWelcomeMessageEndpoint } from '../endpoints/moderation-and-welcome.js';
import { type Feature, route } from './feature.js';

/** The organization: its settings and profile, custom profile fields, the defaults of new users' settings. */
export const organizationFeature: Feature = {
  name: 'organization',
  events: {
    RealmCreated: { stream: 'realm' },
    RealmSettingsChanged: { stream: 'realm' },
    RealmGroupSettingsChanged: { stream: 'realm' },
    RealmProfileChanged: { stream: 'realm' },
    CustomProfileFieldCreated: { stream: 'realm' },
    CustomProfileFieldUpdated: { stream: 'realm' },
    CustomProfileFieldDeleted: { stream: 'realm' },
    CustomProfileFieldsReordered: { stream: 'realm' },
    RealmUserSettingsDefaultsChanged: { stream: 'realm' },
  },
  projections: [realmProjection, profileFieldsProjection, userDefaultsProjection],
  fanouts: [realmFanout, profileFieldsFanout, userDefaultsFanout],
  routes: [
    route('PATCH', '/realm', 'required', 'realm-update', updateRealmEndpoint),
    route('POST', '/realm/test_welcome_bot_custom_message', 'required', 'welcome-message-test', testWelcomeMessageEndpoint),
    route('GET', '/realm/profile_fields', 'required', 'empty', listProfileFields),
    route('POST', '/realm/profile_fields', 'required', 'profile-field-create', createProfileFieldEndpoint),
    route('PATCH', '/realm/profile_fields', 'required', 'profile-fields-reorder', reorderProfileFieldsEndpoint),
    route('PATCH', '/realm/profile_fields/:field_id', 'required', 'profile-field-update', updateProfileFieldEndpoint),
    route('DELETE', '/realm/profile_fields/:field_id', 'required', 'profile-field-delete', deleteProfileFieldEndpoint),
    route('PATCH', '/realm/user_settings_defaults', 'required', 'user-settings-defaults-update', updateUserSettingsDefaultsEndpoint),
  ],
  sections: {
    realm: realmSection,
    custom_profile_fields: customProfileFieldsSection,
    realm_user_settings_defaults: userSettingsDefaultsSection,
  },
};
