import { type ErasureMode, isSystemBot, type MessageState } from '@chat/core';
import type { Reads } from '../dependencies.js';

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
  const notices = new Set<number>();
  for (const bot of bots) for (const id of await sentBy(ctx, bot.user_id, channelIds)) if (!ids.has(id)) notices.add(id);
  const mention = `data-user-id="${userId}"`;
  const messages = await ctx.models.messages.getMany([...ids, ...notices].sort((a, b) => a - b));
  return messages.filter((message) =>
    notices.has(message.id)
      ? message.rendered_content.includes(mention)
      : message.sender_id === userId || (message.recipient.type === 'direct' && message.recipient.user_ids.length <= 2),
  );
}
