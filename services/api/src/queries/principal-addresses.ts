import type { AddressesOf, UserState } from '@chat/core';
import { apiEmail, canSeeEmail } from '@chat/wire';
import type { Configured } from '../dependencies.js';
import { realmHost } from '../realm-host.js';

/**
 * The addresses by which `actor` may name a user in principals: the one the API shows (a placeholder
 * when the real one is hidden), and the real one when the actor may see it (as GET /users/{email}).
 */
export function principalAddresses(ctx: Configured, actor: UserState): AddressesOf {
  const host = realmHost(ctx);
  return (user) => (canSeeEmail(actor, user) ? [apiEmail(user, host), user.email] : [apiEmail(user, host)]);
}
