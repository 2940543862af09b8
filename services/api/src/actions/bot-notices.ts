import { botDirectMessage, type ChannelContext, type RenderedContent, streams, type UserState } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';
import type { Allocates, Configured, Uses } from '../dependencies.js';

type BotNoticeDeps = Configured & Allocates & Uses<'models' | 'organization'>;

/** One direct message the notification bot sends. */
export interface BotNotice {
  recipient_id: number;
  content: string;
}

async function noticeAppend(ctx: Allocates, world: ChannelContext, bot: UserState, render: (content: string) => RenderedContent, notice: BotNotice): Promise<StreamAppend> {
  const message_id = await ctx.ids.next('message');
  const sent = botDirectMessage(world, { message_id, bot, recipient_id: notice.recipient_id, content: notice.content, rendered: render(notice.content) });
  return { stream: streams.message(message_id), expected: 'no_stream', events: [sent] };
}

/**
 * The appends of direct messages from the notification bot, for the command that causes them, so each
 * notice goes once, with what it tells of. Rendered as `world.actor` sees the organization: channel
 * links are made only to channels that user may read (the public server renders such notices for
 * the acting user).
 */
export async function botDirectMessageAppends(ctx: BotNoticeDeps, world: ChannelContext, notices: readonly BotNotice[]): Promise<StreamAppend[]> {
  if (notices.length === 0) return [];
  const bot = await notificationBot(ctx);
  const render = await renderer(ctx, world);
  const appends: StreamAppend[] = [];
  for (const notice of notices) appends.push(await noticeAppend(ctx, world, bot, render, notice));
  return appends;
}

/**
 * The append of one direct message from the notification bot (or another system bot, `sender`) to
 * one user, rendered as the bot sees the organization. `joining`: accounts the same command creates,
 * which the text may name.
 */
export async function botDirectMessageAppend(
  ctx: BotNoticeDeps,
  recipientId: number,
  content: string,
  joining: readonly { user_id: number; full_name: string }[] = [],
  sender?: UserState,
): Promise<StreamAppend> {
  const bot = sender ?? (await notificationBot(ctx));
  const world = await channelContext(ctx, bot.user_id);
  const render = await renderer(ctx, world, joining.map((user) => ({ ...user, is_active: true })));
  return noticeAppend(ctx, world, bot, render, { recipient_id: recipientId, content });
}
