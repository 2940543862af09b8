import type { Origin } from '../commands/command-bus.js';
import { botDirectMessageAppend } from './bot-notices.js';
import type { Allocates, Commands, Configured, Reads, Uses } from '../dependencies.js';

export type WebhookChannelNoticeDeps = Commands & Configured & Allocates & Reads<'users'> & Uses<'models' | 'organization'>;

/** As on the public server, a bot's owner hears of a missing channel at most once a minute per bot. */
const WAIT_MS = 60_000;
/** Per server (its context), the time each bot's owner was last told. */
const lastNotices = new WeakMap<object, Map<number, number>>();

/** The notification bot's words for a channel given by name or by id that does not exist. */
export function missingChannelText(botEmail: string, stream: string): string {
  return /^\d+$/.test(stream)
    ? `Your bot \`${botEmail}\` tried to send a message to channel ID ${stream}, but there is no channel with that ID.`
    : `Your bot \`${botEmail}\` tried to send a message to channel #**${stream}**, but that channel does not exist. Click [here](#channels/new) to create it.`;
}

/**
 * Tells a bot's owner, by a direct message from the notification bot, that the bot posted to a channel
 * that does not exist, unless the owner was told in the last minute (kept in memory: a restart may
 * tell once more). The notice's client is Internal, as the public server's own messages are.
 */
export async function noticeMissingChannel(ctx: WebhookChannelNoticeDeps, origin: Origin, bot: { user_id: number; email: string; bot_owner_id: number }, stream: string, now = Date.now()): Promise<void> {
  const told = lastNotices.get(ctx) ?? new Map<number, number>();
  lastNotices.set(ctx, told);
  const last = told.get(bot.user_id);
  if (last !== undefined && now - last <= WAIT_MS) return;
  told.set(bot.user_id, now);
  await ctx.bus.run({ ...origin, client: 'Internal' }, async () => ({ appends: [await botDirectMessageAppend(ctx, bot.bot_owner_id, missingChannelText(bot.email, stream))], result: undefined }));
}
