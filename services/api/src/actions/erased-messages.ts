import type { MessageState } from '@chat/core';
import type { Reads } from '../dependencies.js';

/**
 * The messages an erasure "with messages" deletes, as the public server's user deletion does: every
 * message the person sent (channels and direct), and their one-to-one direct conversations whole
 * (what the other person wrote to them too); group conversations keep what the others wrote.
 */
export async function messagesErasedWith(ctx: Reads<'messages' | 'channels'>, userId: number): Promise<MessageState[]> {
  const channelIds = (await ctx.models.channels.all()).map((channel) => channel.channel_id);
  const sent = await ctx.models.messages.matching({ userId, source: { kind: 'channels', channelIds }, where: [{ op: 'sender', userId }] });
  const direct = await ctx.models.messages.matching({ userId, source: { kind: 'history' }, where: [{ op: 'direct' }] });
  const ids = [...new Set([...sent, ...direct])].sort((a, b) => a - b);
  const messages = await ctx.models.messages.getMany(ids);
  return messages.filter((message) => message.sender_id === userId || (message.recipient.type === 'direct' && message.recipient.user_ids.length <= 2));
}
