import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { profileFieldsInOrder } from './profile-field-view.js';

/**
 * `custom_profile_fields` with the whole list, in display order, to every active user, whenever a
 * field is added, changed, removed or moved. Clients drop the values of fields no longer listed.
 */
export const profileFieldsFanout = fanoutOf(
  'profile-fields',
  ['CustomProfileFieldCreated', 'CustomProfileFieldUpdated', 'CustomProfileFieldDeleted', 'CustomProfileFieldsReordered'],
  async (_event, models) => {
    const fields = profileFieldsInOrder(await models.profileFields.all());
    return [{ userIds: await activeUserIds(models), event: { type: 'custom_profile_fields', fields } }];
  },
);

/** `realm_user_settings_defaults update`, one per changed setting, to every active user. */
export const userDefaultsFanout = fanoutOf('user-defaults', ['RealmUserSettingsDefaultsChanged'], async (event, models) => {
  const userIds = await activeUserIds(models);
  return Object.entries(event.data.changes).map(([property, value]) => ({
    userIds,
    event: { type: 'realm_user_settings_defaults', op: 'update', property, value },
  }));
});

const activeUserIds = async (models: ReadModels): Promise<number[]> =>
  (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
