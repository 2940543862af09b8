import type { CallOf } from '@chat/http';
import { muteUser, unmuteUser } from '../actions/muted-users.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Reads } from '../dependencies.js';

/** POST /users/me/muted_users/{muted_user_id} */
export async function muteUserEndpoint(ctx: Commands & Reads<'messages' | 'mutedUsers' | 'users'>, call: CallOf<'muted-user'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await muteUser(ctx, originOf(call), user.user_id, call.path.muted_user_id);
  return {};
}

/** DELETE /users/me/muted_users/{muted_user_id} */
export async function unmuteUserEndpoint(ctx: Commands & Reads<'mutedUsers' | 'users'>, call: CallOf<'muted-user'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await unmuteUser(ctx, originOf(call), user.user_id, call.path.muted_user_id);
  return {};
}
