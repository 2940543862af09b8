import { badRequest, canReadChannelHistory } from '@chat/core';
import type { MessageHead, StoredMessage } from '@chat/readstore';
import type { ChannelQuery } from './channel-query.js';
import type { Reads } from '../dependencies.js';

/** A message as one user may see it: their flag bits, or undefined when it is not in their history. */
export interface ViewedMessage {
  message: StoredMessage;
  flags: number | undefined;
}

export const invalidMessage = () => badRequest('Invalid message(s)');

/**
 * A message the viewer may read: one in their history (they received it, or it entered later), or
 * one of a channel whose history they may read. Anything else, existing or not, is "Invalid message(s)".
 */
export async function readableMessage(ctx: Reads<'messages'>, q: ChannelQuery, messageId: number): Promise<ViewedMessage> {
  const message = await ctx.models.messages.get(messageId);
  if (!message) throw invalidMessage();
  const flags = (await ctx.models.messages.flagsOf(q.viewer.user_id, [messageId])).get(messageId);
  if (flags !== undefined) return { message, flags };
  if (readsFromChannelHistory(q, message)) return { message, flags: undefined };
  throw invalidMessage();
}

/** Whether the viewer may read a message outside their history: it is in a channel whose history they may read. */
export function readsFromChannelHistory(q: ChannelQuery, message: MessageHead): boolean {
  const recipient = message.recipient;
  if (recipient.type !== 'channel') return false;
  const channel = q.channels.find((c) => c.channel_id === recipient.channel_id);
  return channel !== undefined && canReadChannelHistory(q.world, channel, q.viewer.user_id);
}

/** The messages among `ids` the viewer may read, ascending; missing and unreadable ones are left out. */
export async function readableMessages(ctx: Reads<'messages'>, q: ChannelQuery, ids: readonly number[]): Promise<ViewedMessage[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await ctx.models.messages.flagsOf(q.viewer.user_id, wanted);
  const viewed: ViewedMessage[] = [];
  for (const message of await ctx.models.messages.getMany(wanted)) {
    const flags = rows.get(message.id);
    if (flags !== undefined || readsFromChannelHistory(q, message)) viewed.push({ message, flags });
  }
  return viewed;
}
