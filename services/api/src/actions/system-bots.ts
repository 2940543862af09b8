import { decideCreateSystemBot, NOTIFICATION_BOT, streams, type UserState, WELCOME_BOT } from '@chat/core';
import { claimKey } from '../commands/claims.js';
import type { Origin } from '../commands/command-bus.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

type SystemBot = { email: string; full_name: string };

/** Creates a system bot unless the organization has it; its address claim keeps it one. */
async function ensureSystemBot(ctx: Commands & Allocates & LogReads & Reads<'users'>, origin: Origin, bot: SystemBot): Promise<UserState> {
  const existing = await ctx.models.users.findOne('email', bot.email);
  if (existing) return existing;
  const userId = await ctx.ids.next('user');
  await ctx.bus.run(origin, async () => ({
    appends: [
      await claimKey(ctx.store, 'email', bot.email, userId, `Email '${bot.email}' already in use`),
      { stream: streams.user(userId), expected: 'no_stream', events: decideCreateSystemBot(userId, bot) },
    ],
    result: undefined,
  }));
  const created = await ctx.models.users.findOne('email', bot.email);
  if (!created) throw new Error(`the system bot ${bot.email} is missing`);
  return created;
}

/** Creates the notification bot unless the organization has it (a log written before it existed gets it at the next start). */
export async function ensureNotificationBot(ctx: Commands & Allocates & LogReads & Reads<'users'>, origin: Origin): Promise<void> {
  await ensureSystemBot(ctx, origin, NOTIFICATION_BOT);
}

/** The Welcome Bot, created the first time it has something to say. */
export const welcomeBot = (ctx: Commands & Allocates & LogReads & Reads<'users'>, origin: Origin): Promise<UserState> => ensureSystemBot(ctx, origin, WELCOME_BOT);

/** The bot that posts notices; it exists from the organization's creation on. */
export async function notificationBot(ctx: Reads<'users'>): Promise<UserState> {
  const bot = await ctx.models.users.findOne('email', NOTIFICATION_BOT.email);
  if (!bot) throw new Error('the notification bot is missing');
  return bot;
}
