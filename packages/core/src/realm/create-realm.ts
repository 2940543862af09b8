import type { RealmCreated } from '../events/realm-events.js';
import { DEFAULT_USER_SETTINGS } from '../settings/user-settings.js';
import { DEFAULT_REALM_SETTINGS } from './realm-settings.js';

/**
 * The organization, created once on an empty log (the realm stream must not exist): default settings,
 * and the defaults new users start from.
 */
export function decideCreateRealm(input: { name: string }): [RealmCreated] {
  return [
    {
      type: 'RealmCreated',
      data: { name: input.name, description: '', settings: { ...DEFAULT_REALM_SETTINGS }, user_settings_defaults: { ...DEFAULT_USER_SETTINGS } },
    },
  ];
}
