import { checkCreateUserRequest, insufficientPermission, isAdminRole } from '@chat/core';
import type { CallOf } from '@chat/http';
import { createUser } from '../actions/create-user.js';
import { updateUser, type UserWrites } from '../actions/update-user.js';
import { rotateApiKey } from '../actions/rotate-api-key.js';
import { callerUser, originOf } from './call-context.js';
import { resolveUser } from './users-read.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What createUserEndpoint uses. */
type CreateUserEndpointDeps = Commands & Allocates & LogReads & Reads<'channels' | 'subscriptions' | 'users'> & Uses<'passwords'>;

/** POST /users */
export async function createUserEndpoint(ctx: CreateUserEndpointDeps, call: CallOf<'users-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const { password, email, full_name } = call.params;
  checkCreateUserRequest(actor, password);
  const user_id = await createUser(ctx, originOf(call), {
    email,
    password,
    full_name,
  });
  return { user_id };
}

/** PATCH /users/{user_id} and PATCH /users/{email} */
export async function updateUserEndpoint(ctx: Configured & UserWrites, call: CallOf<'user-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  if (!isAdminRole(actor.role)) throw insufficientPermission('Insufficient permission');
  const target = await resolveUser(ctx, actor, call.path.user);
  const { full_name, role, profile_data, new_email } = call.params;
  await updateUser(ctx, originOf(call), actor, target.user_id, { full_name, role, profile_data, new_email });
  return {};
}

/** POST /users/me/api_key/regenerate: the old key stops working at once. */
export async function regenerateApiKey(ctx: Commands & Reads<'users'> & Uses<'apiKeys'>, call: CallOf<'api-key-regenerate'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { api_key: await rotateApiKey(ctx, originOf(call), user.user_id) };
}
