import type { CallOf } from '@chat/http';
import { updateUserSettingsDefaults } from '../actions/user-settings-defaults.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Reads } from '../dependencies.js';

/** PATCH /realm/user_settings_defaults: parameters the schema does not list come back as ignored_parameters_unsupported. */
export async function updateUserSettingsDefaultsEndpoint(ctx: Commands & Reads<'realm' | 'users'>, call: CallOf<'user-settings-defaults-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await updateUserSettingsDefaults(ctx, originOf(call), actor.user_id, call.params);
  return {};
}
