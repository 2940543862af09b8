import type { RouteCall } from '@chat/http';
import { muteUser, unmuteUser } from '../actions/muted-users.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Reads } from '../dependencies.js';

/** POST /users/me/muted_users/{muted_user_id} */
export async function muteUserEndpoint(ctx: Commands & Reads<'messages' | 'mutedUsers' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await muteUser(ctx, originOf(call), user.user_id, Number(call.path.muted_user_id));
  return {};
}

/** DELETE /users/me/muted_users/{muted_user_id} */
export async function unmuteUserEndpoint(ctx: Commands & Reads<'mutedUsers' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await unmuteUser(ctx, originOf(call), user.user_id, Number(call.path.muted_user_id));
  return {};
}
