import { botDirectMessage, type EmailInvitationState, referrerNoticeContent, referrerToNotify, streams } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import type { ServerContext } from '../server-context.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';

/**
 * The notification bot's direct message telling an invitation's sender that the invitee joined,
 * appended in the command that creates the account (so it goes once, with the account). Nothing when
 * the invitation did not ask for it or its sender is no longer active.
 */
export async function referrerNoticeAppends(ctx: ServerContext, invite: EmailInvitationState, joined: { user_id: number; full_name: string }): Promise<StreamAppend[]> {
  const referrer = referrerToNotify(invite, await ctx.models.users.get(invite.creator_id));
  if (!referrer) return [];
  const bot = await notificationBot(ctx);
  const world = await channelContext(ctx, bot.user_id);
  const render = await renderer(ctx, world, [{ ...joined, is_active: true }]);
  const content = referrerNoticeContent(joined);
  const message_id = await ctx.ids.next('message');
  const sent = botDirectMessage(world, { message_id, bot, recipient_id: referrer.user_id, content, rendered: render(content) });
  return [{ stream: streams.message(message_id), expected: 'no_stream', events: [sent] }];
}
