import { type ErasureMode, isSystemBot, type MessageState } from '@chat/core';
import type { Reads } from '../dependencies.js';

/** Notices whose text is read at once while looking for the ones naming the person. */
const NOTICE_BATCH = 1000;

/** Every message the user sent, in channels and direct conversations. */
async function sentBy(ctx: Reads<'messages' | 'channels'>, userId: number, channelIds: readonly number[]): Promise<number[]> {
  const inChannels = await ctx.models.messages.matching({ userId, source: { kind: 'channels', channelIds }, where: [{ op: 'sender', userId }] });
  const direct = await ctx.models.messages.matching({ userId, source: { kind: 'history' }, where: [{ op: 'direct' }, { op: 'sender', userId }] });
  return [...inChannels, ...direct];
}

/**
 * The messages an erasure deletes. With their messages, as the public server's user deletion does:
 * every message the person sent, and their one-to-one direct conversations whole (what the other
 * person wrote to them too); group conversations keep what the others wrote. In both modes, the
 * notices the server's bots wrote about them (accepted your invitation, signed up, subscribed you…):
 * nobody but the server wrote their name there.
 */
export async function erasedMessages(ctx: Reads<'messages' | 'channels' | 'users'>, userId: number, mode: ErasureMode): Promise<MessageState[]> {
  const channelIds = (await ctx.models.channels.all()).map((channel) => channel.channel_id);
  const ids = new Set<number>();
  if (mode === 'with_messages') {
    for (const id of await sentBy(ctx, userId, channelIds)) ids.add(id);
    for (const id of await ctx.models.messages.matching({ userId, source: { kind: 'history' }, where: [{ op: 'direct' }] })) ids.add(id);
  }
  const bots = (await ctx.models.users.all()).filter(isSystemBot);
  const mention = `data-user-id="${userId}"`;
  const found = (await ctx.models.messages.getMany([...ids].sort((a, b) => a - b))).filter(
    (message) => message.sender_id === userId || (message.recipient.type === 'direct' && message.recipient.user_ids.length <= 2),
  );
  for (const bot of bots) {
    const notices = (await sentBy(ctx, bot.user_id, channelIds)).filter((id) => !ids.has(id));
    // Their bodies are read a batch at a time: a server's notices can be many.
    for (let at = 0; at < notices.length; at += NOTICE_BATCH) {
      for (const notice of await ctx.models.messages.getMany(notices.slice(at, at + NOTICE_BATCH))) if (notice.rendered_content.includes(mention)) found.push(notice);
    }
  }
  return found.sort((a, b) => a.id - b.id);
}
