import { NEW_PROFILE_FIELD_FLAGS } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

const TYPES = ['CustomProfileFieldCreated', 'CustomProfileFieldDeleted', 'CustomProfileFieldUpdated', 'CustomProfileFieldsReordered'] as const;

/** The organization's custom profile fields; removing a field removes every user's value for it. */
export function profileFieldsProjection(models: ReadModels): Projection {
  return projectionOf('profile-fields', [...TYPES], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'CustomProfileFieldCreated': {
        const { field_id, name, hint, field_type, order } = event.data;
        await models.profileFields.put(field_id, { id: field_id, name, hint, type: field_type, order, ...NEW_PROFILE_FIELD_FLAGS }, at);
        return;
      }
      case 'CustomProfileFieldUpdated': {
        const field = await models.profileFields.get(event.data.field_id);
        if (field) await models.profileFields.put(field.id, { ...field, ...event.data.changes }, at);
        return;
      }
      case 'CustomProfileFieldsReordered': {
        const { order } = event.data;
        for (const [index, id] of order.entries()) {
          const field = await models.profileFields.get(id);
          if (field) await models.profileFields.put(id, { ...field, order: index }, at);
        }
        return;
      }
      case 'CustomProfileFieldDeleted': {
        const key = String(event.data.field_id);
        await models.profileFields.delete(event.data.field_id, at);
        for (const user of await models.users.all()) {
          if (!(key in user.profile_data)) continue;
          const { [key]: _removed, ...profile_data } = user.profile_data;
          await models.users.put(user.user_id, { ...user, profile_data }, at);
        }
        return;
      }
      default:
        return;
    }
  });
}
