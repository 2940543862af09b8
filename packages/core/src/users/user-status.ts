import { badRequest } from '../errors.js';
import type { UserSettingsChanged } from '../events/user-events.js';
import type { UserStatusChanged } from '../events/user-status-events.js';

/** A user's status as the read model keeps it (users who never set one have no document). */
export interface UserStatusState {
  user_id: number;
  status_text: string;
  /** '' when the status has no emoji. */
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** The longest status text, in characters, as in the public API. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** What a status request asks for: only the parts it names change. `away` only from the user themself. */
export interface UpdateUserStatus {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export interface StatusEmoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export const NO_STATUS: Omit<UserStatusState, 'user_id'> = Object.freeze({ status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' });

/**
 * POST /users/me/status and /users/{id}/status: the text is trimmed and at most 60 characters; an
 * emoji is named (its code and type are optional and checked by `checkEmoji`, which throws); an empty
 * name clears it. `away` is the legacy face of the presence_enabled setting. Parts equal to the
 * current ones record nothing; a request naming no part is refused.
 */
export function decideUpdateUserStatus(
  target: { user_id: number; presence_enabled: boolean },
  current: Omit<UserStatusState, 'user_id'>,
  request: UpdateUserStatus,
  checkEmoji: (choice: { emoji_name: string; emoji_code?: string; reaction_type?: string }) => StatusEmoji,
): (UserStatusChanged | UserSettingsChanged)[] {
  const { away, emoji_name, emoji_code, reaction_type } = request;
  if (away === undefined && request.status_text === undefined && emoji_name === undefined && emoji_code === undefined && reaction_type === undefined) {
    throw badRequest('Client did not pass any new values.');
  }
  if (emoji_name === undefined && (emoji_code !== undefined || reaction_type !== undefined)) {
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  const data: UserStatusChanged['data'] = { user_id: target.user_id };
  if (request.status_text !== undefined) {
    const text = request.status_text.trim();
    if ([...text].length > MAX_STATUS_TEXT_LENGTH) throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
    if (text !== current.status_text) data.status_text = text;
  }
  if (emoji_name !== undefined) {
    const emoji = emoji_name === '' ? { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' } : checkEmoji({ emoji_name, emoji_code, reaction_type });
    if (emoji.emoji_name !== current.emoji_name || emoji.emoji_code !== current.emoji_code || emoji.reaction_type !== current.reaction_type) Object.assign(data, emoji);
  }
  const events: (UserStatusChanged | UserSettingsChanged)[] = [];
  if (away !== undefined && away === target.presence_enabled) {
    events.push({ type: 'UserSettingsChanged', data: { user_id: target.user_id, changes: { presence_enabled: !away } } });
  }
  if (Object.keys(data).length > 1) events.push({ type: 'UserStatusChanged', data });
  return events;
}

/** The status after a change: the parts it names replace the current ones. */
export function statusAfter(current: Omit<UserStatusState, 'user_id'>, change: UserStatusChanged['data']): UserStatusState {
  const { user_id, ...parts } = change;
  return { ...current, ...parts, user_id };
}
