import { checkNotErased, insufficientPermission, isAdminRole, type UpdateUserStatus } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { updateUserStatus, userStatusView } from '../actions/user-status.js';
import { callerUser, originOf } from './call-context.js';
import { userByIdOrThrow } from './users-read.js';
import type { Commands, Reads, Uses } from '../dependencies.js';

const STATUS_PARTS = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const;

function statusRequest(params: Record<string, unknown>): UpdateUserStatus {
  const request: UpdateUserStatus = {};
  for (const part of STATUS_PARTS) if (params[part] !== undefined) request[part] = String(params[part]);
  return request;
}

/** POST /users/me/status */
export async function updateOwnStatusEndpoint(ctx: Commands & Uses<'models'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const away = call.params.away;
  await updateUserStatus(ctx, originOf(call), user, { ...statusRequest(call.params), ...(typeof away === 'boolean' ? { away } : {}) });
  return {};
}

/** POST /users/{user_id}/status: administrators only; `away` is the user's own setting and not taken here. */
export async function updateUserStatusEndpoint(ctx: Commands & Uses<'models'>, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  if (!isAdminRole(actor.role)) throw insufficientPermission();
  const target = await userByIdOrThrow(ctx, Number(call.path.user_id));
  checkNotErased(target);
  await updateUserStatus(ctx, originOf(call), target, statusRequest(call.params));
  return {};
}

/** GET /users/{user_id}/status: the parts of the user's status that are set (an empty object when none). */
export async function getUserStatusEndpoint(ctx: Reads<'userStatuses' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const target = await userByIdOrThrow(ctx, Number(call.path.user_id));
  return { status: userStatusView(target, await ctx.models.userStatuses.get(target.user_id)) };
}
