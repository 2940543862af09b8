import { ApiError, channelNameKey, type ChannelState, type UserState } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { botDirectMessageAppend } from './bot-notices.js';
import { channelRef, sendMessage, type SendInput, type SendMessageDeps, type SendResult } from './send-message.js';
import type { Reads, Uses } from '../dependencies.js';

/** What the notices and the send that tells them use. */
export type BotChannelNoticeDeps = SendMessageDeps & Reads<'users' | 'subscriptions'>;

/** As on the public server, a bot's owner hears of a bad channel at most once a minute per bot. */
const WAIT_MS = 60_000;
/** Per server (its context), the time each bot's owner was last told. */
const lastNotices = new WeakMap<object, Map<number, number>>();

/** The notification bot's words for a channel given by name or by id that does not exist. */
export function missingChannelText(botEmail: string, stream: string | number): string {
  return typeof stream === 'number' || /^\d+$/.test(stream)
    ? `Your bot \`${botEmail}\` tried to send a message to channel ID ${stream}, but there is no channel with that ID.`
    : `Your bot \`${botEmail}\` tried to send a message to channel #**${stream}**, but that channel does not exist. Click [here](#channels/new) to create it.`;
}

/** The notification bot's words for a channel nobody is subscribed to (the message is still sent). */
export const emptyChannelText = (botEmail: string, channelName: string): string =>
  `Your bot \`${botEmail}\` tried to send a message to channel #**${channelName}**. The channel exists but does not have any subscribers.`;

/**
 * Tells a bot's owner `text` by a direct message from the notification bot, unless the owner was told
 * about this bot in the last minute (kept in memory: a restart may tell once more). The notice's
 * client is Internal, as the public server's own messages are.
 */
export async function noticeBotOwner(ctx: BotChannelNoticeDeps, origin: Origin, bot: Pick<UserState, 'user_id' | 'bot_owner_id'>, text: string, now = Date.now()): Promise<void> {
  if (bot.bot_owner_id === null) return;
  const told = lastNotices.get(ctx) ?? new Map<number, number>();
  lastNotices.set(ctx, told);
  const last = told.get(bot.user_id);
  if (last !== undefined && now - last <= WAIT_MS) return;
  told.set(bot.user_id, now);
  const owner = bot.bot_owner_id;
  await ctx.bus.run({ ...origin, client: 'Internal' }, async () => ({ appends: [await botDirectMessageAppend(ctx, owner, text)], result: undefined }));
}

async function channelOf(ctx: Uses<'organization'>, ref: string | number): Promise<ChannelState | undefined> {
  const org = await ctx.organization.current();
  if (typeof ref === 'number') return org.channels.get(ref);
  const key = channelNameKey(ref);
  return org.channelList.find((channel) => channel.name_key === key);
}

/**
 * A send by `sender`; when a bot with an owner sends to a channel that does not exist (refused, as
 * for anyone) or that has no subscribers (sent), its owner is told, as the public server tells them,
 * so a misconfigured integration is noticed.
 */
export async function sendTellingBotOwner(ctx: BotChannelNoticeDeps, origin: Origin, sender: UserState, input: SendInput): Promise<SendResult> {
  if (input.type !== 'channel' || !sender.is_bot || sender.bot_owner_id === null) return sendMessage(ctx, origin, sender.user_id, input);
  const ref = channelRef(input.to);
  const channel = await channelOf(ctx, ref);
  if (!channel) {
    try {
      return await sendMessage(ctx, origin, sender.user_id, input);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST') await noticeBotOwner(ctx, origin, sender, missingChannelText(sender.email, ref));
      throw error;
    }
  }
  const rows = await ctx.models.subscriptions.findMany('channel_id', channel.channel_id);
  const result = await sendMessage(ctx, origin, sender.user_id, input);
  if (!rows.some((row) => row.active)) await noticeBotOwner(ctx, origin, sender, emptyChannelText(sender.email, channel.name));
  return result;
}
