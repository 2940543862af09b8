import type { CallOf } from '@chat/http';
import { deactivateOwnUser, deactivateUser, type LifecycleDeps, reactivateUser } from '../actions/user-lifecycle.js';
import { callerUser, originOf } from './call-context.js';

/** DELETE /users/{user_id} */
export async function deactivateUserEndpoint(ctx: LifecycleDeps, call: CallOf<'user-deactivate'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await deactivateUser(ctx, originOf(call), actor.user_id, call.path.user, call.params.deactivation_notification_comment ?? null);
  return {};
}

/** POST /users/{user_id}/reactivate */
export async function reactivateUserEndpoint(ctx: LifecycleDeps, call: CallOf<'user-reactivate'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await reactivateUser(ctx, originOf(call), actor.user_id, call.path.user_id);
  return {};
}

/** DELETE /users/me */
export async function deactivateOwnUserEndpoint(ctx: LifecycleDeps, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const me = await callerUser(ctx, call);
  await deactivateOwnUser(ctx, originOf(call), me.user_id);
  return {};
}
