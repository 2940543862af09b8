import { unauthorized, type UserState } from '@chat/core';
import type { RouteCall } from '@chat/http';
import type { Origin } from '../commands/command-bus.js';
import { claimOf } from '../commands/request-ledger.js';
import type { Reads } from '../dependencies.js';

/** The caller's user record; routes with required auth always have one. */
export async function callerUser(ctx: Reads<'users'>, call: RouteCall): Promise<UserState> {
  const user = call.caller ? await ctx.models.users.get(call.caller.user_id) : undefined;
  if (!user) throw unauthorized();
  return user;
}

export const originOf = (call: RouteCall): Origin => ({
  actorId: call.caller?.user_id ?? null,
  requestId: call.requestId,
  client: call.client,
  request: claimOf(call),
});
