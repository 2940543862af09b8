import { botDirectMessage, streams } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';
import type { Allocates, Configured, Uses } from '../dependencies.js';

/**
 * The append of a direct message from the notification bot to one user, for the command that causes
 * it, so the notice goes once, with what it tells of. `joining`: accounts the same command creates,
 * which the text may name.
 */
export async function botDirectMessageAppend(
  ctx: Configured & Allocates & Uses<'models' | 'organization'>,
  recipientId: number,
  content: string,
  joining: readonly { user_id: number; full_name: string }[] = [],
): Promise<StreamAppend> {
  const bot = await notificationBot(ctx);
  const world = await channelContext(ctx, bot.user_id);
  const render = await renderer(ctx, world, joining.map((user) => ({ ...user, is_active: true })));
  const message_id = await ctx.ids.next('message');
  const sent = botDirectMessage(world, { message_id, bot, recipient_id: recipientId, content, rendered: render(content) });
  return { stream: streams.message(message_id), expected: 'no_stream', events: [sent] };
}
