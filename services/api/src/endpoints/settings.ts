import type { UpdateSettings } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { updateSettings } from '../actions/update-settings.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateSettingsEndpoint uses. */
type UpdateSettingsEndpointDeps = Commands & Clocked & Configured & Reads<'drafts' | 'realm' | 'users'> & Uses<'mailer' | 'passwords'>;

const ACCOUNT_FIELDS = new Set(['full_name', 'email', 'old_password', 'new_password']);

/** PATCH /settings and its deprecated aliases /settings/display and /settings/notifications. */
export async function updateSettingsEndpoint(ctx: UpdateSettingsEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const p = call.params as Record<string, unknown>;
  const settings = Object.fromEntries(Object.entries(p).filter(([name]) => !ACCOUNT_FIELDS.has(name)));
  const cmd: UpdateSettings = {
    full_name: p.full_name as string | undefined,
    email: p.email as string | undefined,
    old_password: p.old_password as string | undefined,
    new_password: p.new_password as string | undefined,
    settings,
  };
  await updateSettings(ctx, originOf(call), user.user_id, cmd);
  return {};
}
