import { decideUpdateSubscriptionProperties, streams, type SubscriptionPropertyRequest } from '@chat/core';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** POST /users/me/subscriptions/properties: one append per channel whose subscription changes. */
export async function updateSubscriptionProperties(
  ctx: Commands & Configured & Reads<'subscriptions'> & Uses<'organization'>,
  origin: Origin,
  actorId: number,
  requests: readonly SubscriptionPropertyRequest[],
): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const decision = decideUpdateSubscriptionProperties(await channelContext(ctx, actorId), requests);
    const appends: StreamAppend[] = [];
    for (const [channelId, events] of decision) {
      const stream = streams.channel(channelId);
      appends.push({ stream, expected: AS_READ, events });
    }
    return { appends, result: undefined };
  });
}
