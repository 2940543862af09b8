import { badRequest } from '../errors.js';
import type { GroupWorld } from '../groups/group-setting.js';
import type { UserState } from '../users/user-state.js';

/** The addresses by which the caller may name a user: the one the API shows for them, and the real one where the caller may see it. */
export type AddressesOf = (user: UserState) => readonly string[];

/**
 * The users a subscription request names, by id (preferred) or by email address; none named means
 * the caller. An unknown or deactivated user is refused, as is an address that does not name a user for the caller.
 */
export function resolvePrincipals(
  world: GroupWorld,
  actor: UserState,
  principals: readonly (number | string)[] | null,
  addressesOf: AddressesOf = (user) => [user.email],
  parameter = 'principals',
): UserState[] {
  if (principals === null) return [actor];
  const byEmail = new Map([...world.users.values()].flatMap((user) => addressesOf(user).map((address) => [address.toLowerCase(), user] as const)));
  const resolved = new Map<number, UserState>();
  for (const principal of principals) {
    const user = typeof principal === 'number' ? world.users.get(principal) : byEmail.get(principal.trim().toLowerCase());
    if (!user || !user.is_active) throw badRequest(`No such user: '${String(principal)}' in '${parameter}'`);
    resolved.set(user.user_id, user);
  }
  return [...resolved.values()];
}
