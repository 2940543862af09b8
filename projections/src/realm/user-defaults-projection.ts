import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/** The settings new users start with, kept on the organization record (read when a user is created). */
export function userDefaultsProjection(models: ReadModels): Projection {
  return projectionOf('user-settings-defaults', ['RealmUserSettingsDefaultsChanged'], async (event) => {
    const realm = await models.realm.get(REALM_KEY);
    if (!realm) return;
    const user_settings_defaults = { ...realm.user_settings_defaults, ...event.data.changes };
    await models.realm.put(REALM_KEY, { ...realm, user_settings_defaults }, event.position);
  });
}
