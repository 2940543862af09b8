import type { UserEmailChanged } from '../events/user-events.js';
import { ApiError } from '../errors.js';
import type { UserState } from './user-state.js';

/**
 * GET /accounts/confirm_new_email/{token}: the user whose pending change carries this token digest
 * takes the new address, unless the link expired or the address was taken meanwhile. Answers the
 * user and the event (the caller moves the address claim with it).
 */
export function decideConfirmEmailChange(
  users: readonly UserState[],
  tokenDigest: string,
  now: number,
): { user: UserState; events: [UserEmailChanged] } {
  const user = users.find((candidate) => candidate.pending_email_change?.token_digest === tokenDigest);
  const pending = user?.pending_email_change;
  if (!user || !pending || pending.expires_at < now) throw new ApiError('BAD_REQUEST', 400, 'This confirmation link is invalid or has expired.');
  if (users.some((other) => other.email === pending.new_email)) throw new ApiError('BAD_REQUEST', 400, `Email '${pending.new_email}' already in use`);
  return { user, events: [{ type: 'UserEmailChanged', data: { user_id: user.user_id, email: pending.new_email, previous_email: user.email } }] };
}
