import type { UserApiKeyRotated } from '../events/index.js';
import type { UserState } from './user-state.js';

/** A new API key for the user: the next generation (the key itself is derived, never logged). */
export function decideRotateApiKey(user: UserState): UserApiKeyRotated {
  return { type: 'UserApiKeyRotated', data: { user_id: user.user_id, api_key_generation: user.api_key_generation + 1 } };
}
