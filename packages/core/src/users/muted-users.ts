import { badRequest } from '../errors.js';
import type { UserMuted, UserUnmuted } from '../events/user-status-events.js';
import type { MessageFlagsChanged } from '../events/message-events.js';
import type { UserState } from './user-state.js';

/** One user muted by another, keyed `<user_id>:<muted_user_id>` in the read model. */
export interface MutedUserState {
  user_id: number;
  muted_user_id: number;
  /** Seconds since the epoch, when they were muted. */
  timestamp: number;
}

/** The user the request names, if it names one the muter may know (any user of the organization, deactivated ones too). */
function requireUser(target: UserState | undefined): UserState {
  if (!target) throw badRequest('No such user');
  return target;
}

/** POST /users/me/muted_users/{id}: not oneself, not twice. */
export function decideMuteUser(userId: number, target: UserState | undefined, alreadyMuted: boolean): UserMuted[] {
  const muted = requireUser(target);
  if (muted.user_id === userId) throw badRequest('Cannot mute self');
  if (alreadyMuted) throw badRequest('User already muted');
  return [{ type: 'UserMuted', data: { user_id: userId, muted_user_id: muted.user_id } }];
}

/** DELETE /users/me/muted_users/{id}: only a user who is muted. */
export function decideUnmuteUser(userId: number, target: UserState | undefined, muted: boolean): UserUnmuted[] {
  const unmuted = requireUser(target);
  if (!muted) throw badRequest('User is not muted');
  return [{ type: 'UserUnmuted', data: { user_id: userId, muted_user_id: unmuted.user_id } }];
}

/** A mute marks the muted user's unread messages in the muter's history read, as if the muter had read them. */
export function decideReadMutedMessages(userId: number, unread: readonly number[]): MessageFlagsChanged[] {
  if (unread.length === 0) return [];
  return [{ type: 'MessageFlagsChanged', data: { user_id: userId, op: 'add', flag: 'read', message_ids: [...unread], historical: [] } }];
}
