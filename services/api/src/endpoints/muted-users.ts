import type { RouteCall } from '@chat/http';
import { muteUser, unmuteUser } from '../actions/muted-users.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** POST /users/me/muted_users/{muted_user_id} */
export async function muteUserEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await muteUser(ctx, originOf(call), user.user_id, Number(call.path.muted_user_id));
  return {};
}

/** DELETE /users/me/muted_users/{muted_user_id} */
export async function unmuteUserEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await unmuteUser(ctx, originOf(call), user.user_id, Number(call.path.muted_user_id));
  return {};
}
