import { decideUpdateSubscriptions, requestedChannels, type UpdateSubscriptionsCommand } from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import type { Origin } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import { channelCreationNotices } from './channel-notices.js';
import { channelAppends, leftChannels, markLeftChannelsRead, reserveChannelIds } from './subscriptions.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What updateSubscriptions uses. */
type UpdateSubscriptionsDeps = Commands & Clocked & Configured & Allocates & LogReads & Reads<'messages' | 'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

export type UpdateSubscriptionsInput = Omit<UpdateSubscriptionsCommand, 'newChannelIds' | 'render'>;

export interface UpdateSubscriptionsResult {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  removed: string[];
  not_removed: string[];
}

/**
 * PATCH /users/me/subscriptions: both halves in one command (with the notices of any channel it
 * creates), then the channels left are marked read.
 */
export async function updateSubscriptions(ctx: UpdateSubscriptionsDeps, origin: Origin, actorId: number, input: UpdateSubscriptionsInput): Promise<UpdateSubscriptionsResult> {
  const requested = input.add.length === 0 ? [] : requestedChannels(input.add);
  const newChannelIds = new Map<string, number>();
  const { result, left } = await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actorId);
    await reserveChannelIds(ctx, cc, requested, newChannelIds);
    const decision = decideUpdateSubscriptions(cc, { ...input, newChannelIds, render: renderMarkdown });
    const { subscribed, already_subscribed, removed, not_removed } = decision;
    return {
      appends: [...(await channelAppends(ctx, decision.events, decision.created)), ...(await channelCreationNotices(ctx, cc.actor, decision.events, false))],
      result: { result: { subscribed, already_subscribed, removed, not_removed }, left: leftChannels(decision.events) },
    };
  });
  await markLeftChannelsRead(ctx, origin, left);
  return result;
}
