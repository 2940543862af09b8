import { REALM_KEY } from '@chat/projections';
import type { SectionBuilder } from '../register-context.js';
import { settingChoices } from './user-settings-section.js';

/** The `realm_user_settings_defaults` section: what new users start with (a time zone is each user's own). */
export const userSettingsDefaultsSection: SectionBuilder = async ({ ctx }) => {
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('organization not initialised');
  const { timezone: _timezone, ...defaults } = realm.user_settings_defaults;
  return { realm_user_settings_defaults: { ...defaults, ...settingChoices() } };
};
