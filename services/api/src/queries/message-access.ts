import { badRequest, canReadChannelHistory } from '@chat/core';
import type { StoredMessage } from '@chat/readstore';
import type { ServerContext } from '../server-context.js';
import type { ChannelQuery } from './channel-query.js';

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
export async function readableMessage(ctx: ServerContext, q: ChannelQuery, messageId: number): Promise<ViewedMessage> {
  const message = await ctx.models.messages.get(messageId);
  if (!message) throw invalidMessage();
  const flags = (await ctx.models.messages.flagsOf(q.viewer.user_id, [messageId])).get(messageId);
  if (flags !== undefined) return { message, flags };
  const recipient = message.recipient;
  if (recipient.type === 'channel') {
    const channel = q.channels.find((c) => c.channel_id === recipient.channel_id);
    if (channel && canReadChannelHistory(q.world, channel, q.viewer.user_id)) return { message, flags: undefined };
  }
  throw invalidMessage();
}
