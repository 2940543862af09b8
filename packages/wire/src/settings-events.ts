import { isNotificationSetting, type UserSettingName } from '@chat/core';

/** Legacy event for a changed setting, for clients without the user_settings_object capability. */
export function legacySettingEvent(email: string, name: UserSettingName, value: unknown): Record<string, unknown> & { type: string } {
  if (isNotificationSetting(name)) {
    return { type: 'update_global_notifications', user: email, notification_name: name, setting: value };
  }
  const event: Record<string, unknown> & { type: string } = { type: 'update_display_settings', user: email, setting_name: name, setting: value };
  if (name === 'default_language') event.language_name = languageName(String(value));
  return event;
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

export function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code.replace(/-hans$/, '-Hans').replace(/-hant$/, '-Hant')) ?? code;
  } catch {
    return code;
  }
}
