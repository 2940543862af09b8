import { decideCreateSystemBot, NOTIFICATION_BOT, streams, type UserState } from '@chat/core';
import { claimKey } from '../commands/claims.js';
import type { Origin } from '../commands/command-bus.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

/** Creates the notification bot unless the organization has it (a log written before it existed gets it at the next start). */
export async function ensureNotificationBot(ctx: Commands & Allocates & LogReads & Reads<'users'>, origin: Origin): Promise<void> {
  if (await ctx.models.users.findOne('email', NOTIFICATION_BOT.email)) return;
  const userId = await ctx.ids.next('user');
  await ctx.bus.run(origin, async () => ({
    appends: [
      await claimKey(ctx.store, 'email', NOTIFICATION_BOT.email, userId, `Email '${NOTIFICATION_BOT.email}' already in use`),
      { stream: streams.user(userId), expected: 'no_stream', events: decideCreateSystemBot(userId, NOTIFICATION_BOT) },
    ],
    result: undefined,
  }));
}

/** The bot that posts notices; it exists from the organization's creation on. */
export async function notificationBot(ctx: Reads<'users'>): Promise<UserState> {
  const bot = await ctx.models.users.findOne('email', NOTIFICATION_BOT.email);
  if (!bot) throw new Error('the notification bot is missing');
  return bot;
}
