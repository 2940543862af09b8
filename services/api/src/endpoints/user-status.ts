import { checkNotErased, insufficientPermission, isAdminRole, type UpdateUserStatus } from '@chat/core';
import type { CallOf } from '@chat/http';
import { updateUserStatus, userStatusView } from '../actions/user-status.js';
import { callerUser, originOf } from './call-context.js';
import { userByIdOrThrow } from './users-read.js';
import type { Commands, Reads, Uses } from '../dependencies.js';

const STATUS_PARTS = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const;

function statusRequest(params: Pick<CallOf<'user-status-update'>['params'], (typeof STATUS_PARTS)[number]>): UpdateUserStatus {
  const request: UpdateUserStatus = {};
  for (const part of STATUS_PARTS) {
    const value = params[part];
    if (value !== undefined) request[part] = value;
  }
  return request;
}

/** POST /users/me/status */
export async function updateOwnStatusEndpoint(ctx: Commands & Uses<'models'>, call: CallOf<'user-status-update'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const away = call.params.away;
  await updateUserStatus(ctx, originOf(call), user, { ...statusRequest(call.params), ...(away === undefined ? {} : { away }) });
  return {};
}

/** POST /users/{user_id}/status: administrators only; `away` is the user's own setting and not taken here. */
export async function updateUserStatusEndpoint(ctx: Commands & Uses<'models'>, call: CallOf<'user-status-update-for-user'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  if (!isAdminRole(actor.role)) throw insufficientPermission();
  const target = await userByIdOrThrow(ctx, call.path.user_id);
  checkNotErased(target);
  await updateUserStatus(ctx, originOf(call), target, statusRequest(call.params));
  return {};
}

/** GET /users/{user_id}/status: the parts of the user's status that are set (an empty object when none). */
export async function getUserStatusEndpoint(ctx: Reads<'userStatuses' | 'users'>, call: CallOf<'user-status-get'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const target = await userByIdOrThrow(ctx, call.path.user_id);
  return { status: userStatusView(target, await ctx.models.userStatuses.get(target.user_id)) };
}
