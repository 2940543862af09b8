import type { UserState } from '@chat/core';
import { fetchPresences, type PresenceAnswer, type PresenceRequest } from '@chat/realtime';
import { apiEmail } from '@chat/wire';
import { realmHost } from '../realm-host.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What realmPresence uses. */
type RealmPresenceDeps = Clocked & Configured & Reads<'users'> & Uses<'organization' | 'presence'>;

/**
 * Whether others see a user's presence. A user with presence_enabled off appears offline: their
 * pings are not recorded and they are left out of every presence view.
 */
export const sharesPresence = (user: UserState): boolean => user.is_active && !user.is_bot && user.settings.presence_enabled;

/** UNIX seconds by the server's clock, whole and with the fraction (for `server_timestamp`). */
export const presenceNow = (ctx: Clocked): number => Math.floor(ctx.clock.now() / 1000);
export const serverTimestamp = (ctx: Clocked): number => ctx.clock.now() / 1000;

/** Everyone's presence, in the requested format, from the users who share it. */
export async function realmPresence(ctx: RealmPresenceDeps, request: Omit<PresenceRequest, 'now'>): Promise<PresenceAnswer> {
  const host = realmHost(ctx);
  const organization = await ctx.organization.current();
  // Who shares presence changes only with the organization: worked out once per version, not per call.
  const visible = organization.derived(`presence-visible:${host}`, () => {
    const shared = new Map<number, string>();
    for (const user of organization.users.values()) if (sharesPresence(user)) shared.set(user.user_id, apiEmail(user, host));
    return shared;
  });
  return fetchPresences(ctx.presence, visible, { ...request, now: presenceNow(ctx) });
}
