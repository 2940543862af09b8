import type { UserSettings } from './user-settings.js';

/** The settings new users start with changed (existing users keep theirs); `changes` holds only the new values. */
export interface RealmUserSettingsDefaultsChanged {
  type: 'RealmUserSettingsDefaultsChanged';
  data: { changes: Partial<UserSettings> };
}

export type UserDefaultsEvent = RealmUserSettingsDefaultsChanged;

declare module './index.js' {
  interface DomainEventKinds {
    UserDefaultsEvent: UserDefaultsEvent;
  }
}
