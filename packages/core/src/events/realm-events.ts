import type { UserSettings } from './user-settings.js';
import type { RealmSettings } from './realm-settings.js';

/** The organization came into being, with the settings and user defaults it starts with. */
export interface RealmCreated {
  type: 'RealmCreated';
  data: {
    name: string;
    description: string;
    settings: RealmSettings;
    user_settings_defaults: UserSettings;
  };
}

/** An administrator changed organization settings; `changes` holds only the new values. */
export interface RealmSettingsChanged {
  type: 'RealmSettingsChanged';
  data: { changes: Partial<RealmSettings> };
}

/** The organization's name or description changed (PATCH /realm); `changes` holds only the new values. */
export interface RealmProfileChanged {
  type: 'RealmProfileChanged';
  data: { changes: { name?: string; description?: string } };
}

/** A custom profile field was added to the organization's user profiles. */
export interface CustomProfileFieldCreated {
  type: 'CustomProfileFieldCreated';
  data: { field_id: number; name: string; hint: string; field_type: number; order: number };
}

export type RealmEvent = RealmCreated | RealmSettingsChanged | RealmProfileChanged | CustomProfileFieldCreated;

declare module './index.js' {
  interface DomainEventKinds {
    RealmEvent: RealmEvent;
  }
}
