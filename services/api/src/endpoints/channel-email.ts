import { badRequest, hasContentAccess } from '@chat/core';
import type { CallOf } from '@chat/http';
import { channelContext } from '../actions/channel-context.js';
import { callerUser } from './call-context.js';
import type { Configured, Reads, Uses } from '../dependencies.js';

/** What channelEmailAddress uses. */
type ChannelEmailAddressDeps = Configured & Reads<'subscriptions' | 'users'> & Uses<'channelEmailTokens' | 'organization'>;

/** A channel name as an address's first part: runs of anything but letters, digits and _ become one hyphen, lower case. */
const slugOf = (name: string): string => name.replace(/[^\p{L}\p{N}_]+/gu, '-').toLowerCase().replace(/^-+|-+$/g, '');

/**
 * GET /streams/{stream_id}/email_address: `<channel>.<token>.show-sender@<host>` for a channel whose
 * messages the caller may read. The token is the channel's own, or the channel's and the sender's
 * when the address is to post as the caller or a bot they own. (Receiving mail is not offered.)
 */
export async function channelEmailAddress(ctx: ChannelEmailAddressDeps, call: CallOf<'stream-email-address-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const cc = await channelContext(ctx, viewer.user_id);
  const channel = cc.channels.get(call.path.stream_id);
  if (!channel || !hasContentAccess(cc, channel, viewer.user_id)) throw badRequest('Invalid channel ID');
  let senderId: number | null = null;
  if (call.params.sender_id !== undefined) {
    const sender = await ctx.models.users.get(call.params.sender_id);
    const allowed = sender !== undefined && sender.is_active && (sender.user_id === viewer.user_id || (sender.is_bot && sender.bot_owner_id === viewer.user_id));
    if (!allowed) throw badRequest("Invalid 'sender_id': must be you or a bot you own");
    senderId = sender.user_id;
  }
  const token = ctx.channelEmailTokens.tokenFor(channel.channel_id, senderId);
  const slug = slugOf(channel.name);
  const host = new URL(ctx.config.externalUrl).hostname;
  return { email: `${slug === '' ? '' : `${slug}.`}${token}.show-sender@${host}` };
}
