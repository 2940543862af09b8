import { type ChannelState, joinChannels, streams, SubscriptionIndex } from '@chat/core';
import { AS_READ, type StreamAppend } from '../commands/command-bus.js';
import type { Reads } from '../dependencies.js';

/**
 * Subscriptions for users who join channels without asking (new accounts joining the default
 * channels, or an invitation's): one append per channel that gains subscribers.
 */
export async function channelJoinAppends(ctx: Reads<'channels' | 'subscriptions'>, userIds: readonly number[], chosen: (channel: ChannelState) => boolean): Promise<StreamAppend[]> {
  const channels = (await ctx.models.channels.all()).filter((channel) => !channel.is_archived && chosen(channel)).sort((a, b) => a.channel_id - b.channel_id);
  if (channels.length === 0) return [];
  const rows = [];
  for (const userId of userIds) rows.push(...(await ctx.models.subscriptions.findMany('user_id', userId)));
  const joined = joinChannels(new SubscriptionIndex(rows), channels, userIds);
  const appends: StreamAppend[] = [];
  for (const [channelId, event] of joined.events) {
    const stream = streams.channel(channelId);
    appends.push({ stream, expected: AS_READ, events: [event] });
  }
  return appends;
}
