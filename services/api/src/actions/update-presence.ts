import type { UserState } from '@chat/core';
import { type PresenceStatus, presenceDeliveries } from '@chat/realtime';
import { apiEmail } from '@chat/wire';
import { realmHost } from '../realm-host.js';
import { presenceNow, serverTimestamp, sharesPresence } from '../queries/presence-query.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What updatePresence uses. */
type UpdatePresenceDeps = Clocked & Configured & Reads<'users'> & Uses<'presence' | 'queues'>;

/**
 * Records a ping and, when it changes what others see (offline → idle, or going active), tells every
 * other active user at once. A ping that only refreshes the times publishes nothing: clients poll
 * for those. Presence never enters the log.
 */
export async function updatePresence(ctx: UpdatePresenceDeps, user: UserState, status: PresenceStatus): Promise<void> {
  if (!sharesPresence(user)) return;
  const { before, after, entry } = ctx.presence.ping(user.user_id, status, presenceNow(ctx), Math.floor(user.date_joined / 1000));
  if (before === after) return;
  const recipients: number[] = [];
  // Only users with a queue can receive anything; they are far fewer than the organization.
  for (const userId of await ctx.queues.listeningUsers()) {
    if (userId === user.user_id) continue;
    const recipient = await ctx.models.users.get(userId);
    if (recipient?.is_active) recipients.push(userId);
  }
  await ctx.queues.publish(presenceDeliveries({ entry, email: apiEmail(user, realmHost(ctx)), serverTimestamp: serverTimestamp(ctx) }, recipients));
}
