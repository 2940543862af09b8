import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS, NOTIFICATION_SOUNDS, type UserSettingName } from '@chat/core';
import type { SectionBuilder } from '../register-context.js';

const EMOJISETS = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
];

const availableSounds = (): string[] => NOTIFICATION_SOUNDS.filter((sound) => sound !== 'none');

/** The choices clients offer for two settings, listed beside the settings themselves. */
export const settingChoices = (): Record<string, unknown> => ({ available_notification_sounds: availableSounds(), emojiset_choices: EMOJISETS });

/** The `user_settings` section: every setting, with the choices clients offer for two of them. */
export const userSettingsSection: SectionBuilder = async ({ viewer }) => ({
  user_settings: { ...viewer.settings, ...settingChoices() },
});

const pickSettings = (settings: Readonly<Record<UserSettingName, unknown>>, names: readonly UserSettingName[]): Record<string, unknown> =>
  Object.fromEntries(names.map((name) => [name, settings[name]]));

/**
 * `update_display_settings` and `update_global_notifications`: the legacy top-level settings, for
 * clients without the user_settings_object capability, only those the public API's legacy lists name.
 */
export const legacyDisplaySettingsSection: SectionBuilder = async ({ viewer, capabilities }) =>
  capabilities.user_settings_object ? {} : { ...pickSettings(viewer.settings, LEGACY_DISPLAY_SETTINGS), emojiset_choices: EMOJISETS };

export const legacyNotificationSettingsSection: SectionBuilder = async ({ viewer, capabilities }) =>
  capabilities.user_settings_object ? {} : { ...pickSettings(viewer.settings, LEGACY_NOTIFICATION_SETTINGS), available_notification_sounds: availableSounds() };
