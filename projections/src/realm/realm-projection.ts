import { DEFAULT_REALM_SETTINGS } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/** The organization record. */
export function realmProjection(models: ReadModels): Projection {
  return projectionOf('realm', ['RealmCreated', 'RealmProfileChanged', 'RealmSettingsChanged'], async (event) => {
    switch (event.type) {
      case 'RealmCreated': {
        const { name, description, settings, user_settings_defaults } = event.data;
        const date_created = event.metadata.occurred_at;
        // Settings added since the organization was created start at their defaults.
        await models.realm.put(REALM_KEY, { name, description, settings: { ...DEFAULT_REALM_SETTINGS, ...settings }, user_settings_defaults, date_created }, event.position);
        return;
      }
      case 'RealmSettingsChanged': {
        const realm = await models.realm.get(REALM_KEY);
        if (!realm) return;
        const settings = { ...realm.settings, ...event.data.changes };
        await models.realm.put(REALM_KEY, { ...realm, settings }, event.position);
        return;
      }
      case 'RealmProfileChanged': {
        const realm = await models.realm.get(REALM_KEY);
        if (!realm) return;
        await models.realm.put(REALM_KEY, { ...realm, ...event.data.changes }, event.position);
        return;
      }
      default:
        return;
    }
  });
}
