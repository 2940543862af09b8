import type { StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { profileFieldsInOrder } from './profile-field-view.js';

const FIELD_EVENTS: ReadonlySet<string> = new Set(['CustomProfileFieldCreated', 'CustomProfileFieldUpdated', 'CustomProfileFieldDeleted', 'CustomProfileFieldsReordered']);

/**
 * `custom_profile_fields` with the whole list, in display order, to every active user, whenever a
 * field is added, changed, removed or moved. Clients drop the values of fields no longer listed.
 */
export async function profileFieldsFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  if (!FIELD_EVENTS.has(event.type)) return [];
  const fields = profileFieldsInOrder(await models.profileFields.all());
  const userIds = (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
  return [{ userIds, event: { type: 'custom_profile_fields', fields } }];
}

/** `realm_user_settings_defaults update`, one per changed setting, to every active user. */
export async function userDefaultsFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  if (event.type !== 'RealmUserSettingsDefaultsChanged') return [];
  const userIds = (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
  return Object.entries(event.data.changes).map(([property, value]) => ({
    userIds,
    event: { type: 'realm_user_settings_defaults', op: 'update', property, value },
  }));
}
