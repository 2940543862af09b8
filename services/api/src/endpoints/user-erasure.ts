import type { ErasureMode } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { eraseUser, type EraseUserDeps } from '../actions/erase-user.js';
import { callerUser, originOf } from './call-context.js';

/** POST /erasure/users/{user_id}: the request schema has checked `mode` against the two modes. */
export async function eraseUserEndpoint(ctx: EraseUserDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const result = await eraseUser(ctx, originOf(call), actor, Number(call.path.user_id), call.params.mode as ErasureMode);
  return { ...result };
}
