import { badRequest } from '../errors.js';
import type { GroupWorld } from '../groups/group-setting.js';
import type { UserState } from '../users/user-state.js';

/**
 * The users a subscription request names, by id (preferred) or by email address; none named means
 * the caller. An unknown or deactivated user is refused.
 */
export function resolvePrincipals(world: GroupWorld, actor: UserState, principals: readonly (number | string)[] | null): UserState[] {
  if (principals === null) return [actor];
  const byEmail = new Map([...world.users.values()].map((user) => [user.email.toLowerCase(), user]));
  const resolved = new Map<number, UserState>();
  for (const principal of principals) {
    const user = typeof principal === 'number' ? world.users.get(principal) : byEmail.get(principal.trim().toLowerCase());
    if (!user || !user.is_active) throw badRequest(`No such user: '${String(principal)}' in 'principals'`);
    resolved.set(user.user_id, user);
  }
  return [...resolved.values()];
}
