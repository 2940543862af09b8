import type { StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { profileFieldView } from './profile-field-view.js';

/** Client events for organization-wide changes. */
export async function realmFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  const everyone = async (): Promise<number[]> =>
    (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
  switch (event.type) {
    case 'CustomProfileFieldCreated': {
      const fields = (await models.profileFields.all()).sort((a, b) => a.order - b.order).map(profileFieldView);
      return [{ userIds: await everyone(), event: { type: 'custom_profile_fields', fields } }];
    }
    case 'RealmSettingsChanged':
      return [
        {
          userIds: await everyone(),
          event: { type: 'realm', op: 'update_dict', property: 'default', data: event.data.changes },
        },
      ];
    default:
      return [];
  }
}
