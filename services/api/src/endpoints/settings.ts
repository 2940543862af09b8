import type { UpdateSettings } from '@chat/core';
import type { CallOf } from '@chat/http';
import { updateSettings } from '../actions/update-settings.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateSettingsEndpoint uses. */
type UpdateSettingsEndpointDeps = Commands & Clocked & Configured & Reads<'drafts' | 'realm' | 'users'> & Uses<'mailer' | 'passwords'>;

/** PATCH /settings and its deprecated aliases /settings/display and /settings/notifications. */
export async function updateSettingsEndpoint(ctx: UpdateSettingsEndpointDeps, call: CallOf<'settings-update'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  // The account's fields, and every other parameter a setting.
  const { full_name, email, old_password, new_password, ...settings } = call.params;
  const cmd: UpdateSettings = { full_name, email, old_password, new_password, settings };
  await updateSettings(ctx, originOf(call), user.user_id, cmd);
  return {};
}
