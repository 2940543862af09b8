import { ApiError, normalizeEmail } from '@chat/core';
import type { CallOf } from '@chat/http';
import type { Reads, Uses } from '../dependencies.js';

const refused = (): ApiError => new ApiError('AUTHENTICATION_FAILED', 401, 'Your username or password is incorrect');

/** POST /fetch_api_key: the password is checked against its stored hash; the key is derived, never stored. */
export async function fetchApiKey(ctx: Reads<'users'> & Uses<'apiKeys' | 'passwords'>, call: CallOf<'fetch-api-key'>): Promise<Record<string, unknown>> {
  const username = normalizeEmail(call.params.username);
  const { password } = call.params;
  const user = await ctx.models.users.findOne('email', username);
  // Hash even for unknown users so the answer takes as long either way.
  const ok = await ctx.passwords.verify(password, user?.password_hash ?? (await ctx.passwords.dummyHash()));
  if (!user || !ok) throw refused();
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 401, 'Account is deactivated');
  return { api_key: ctx.apiKeys.keyFor(user.user_id, user.api_key_generation), email: user.email, user_id: user.user_id };
}
