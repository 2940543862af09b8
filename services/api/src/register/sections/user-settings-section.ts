import { NOTIFICATION_SOUNDS } from '@chat/core';
import type { SectionBuilder } from '../register-context.js';

const EMOJISETS = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
];

/** The choices clients offer for two settings, listed beside the settings themselves. */
export const settingChoices = (): Record<string, unknown> => ({
  available_notification_sounds: NOTIFICATION_SOUNDS.filter((sound) => sound !== 'none'),
  emojiset_choices: EMOJISETS,
});

/**
 * The `user_settings` section. Clients without the user_settings_object capability read the same
 * values as top-level fields, as older servers sent them.
 */
export const userSettingsSection: SectionBuilder = async ({ viewer, capabilities }) => {
  const extras = settingChoices();
  const section: Record<string, unknown> = { user_settings: { ...viewer.settings, ...extras } };
  if (!capabilities.user_settings_object) Object.assign(section, viewer.settings, extras);
  return section;
};
