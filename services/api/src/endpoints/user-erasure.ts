import type { CallOf } from '@chat/http';
import { eraseUser, type EraseUserDeps } from '../actions/erase-user.js';
import { callerUser, originOf } from './call-context.js';

/** POST /erasure/users/{user_id}: the request schema has checked `mode` against the two modes. */
export async function eraseUserEndpoint(ctx: EraseUserDeps, call: CallOf<'user-erase'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const result = await eraseUser(ctx, originOf(call), actor, call.path.user_id, call.params.mode);
  return { ...result };
}
