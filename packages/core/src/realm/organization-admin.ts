import { administratorRequired, ownerRequired } from '../errors.js';
import { isAdminRole, Role } from '../roles.js';
import type { UserState } from '../users/user-state.js';

/** For what only organization administrators (owners included) may do. */
export function requireOrganizationAdministrator(actor: UserState): void {
  if (!isAdminRole(actor.role)) throw administratorRequired('Must be an organization administrator');
}

/** For what only organization owners may do. */
export function requireOrganizationOwner(actor: UserState): void {
  if (actor.role !== Role.Owner) throw ownerRequired('Must be an organization owner');
}
