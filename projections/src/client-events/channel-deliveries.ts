import type { Audience, ClientEvent, Delivery } from '@chat/realtime';
import type { SubscriptionState } from '@chat/core';
import { channelView, subscriptionView } from '@chat/wire';
import type { ChannelWorld } from './channel-world.js';

/** Queues of clients that declared archived_channels, and of those that did not. */
export const KNOWS_ARCHIVED: Audience = { capabilities: { archived_channels: true } };
export const IGNORES_ARCHIVED: Audience = { capabilities: { archived_channels: false } };

/** Data about archived channels reaches only clients that declared archived_channels. */
const audienceFor = (world: ChannelWorld): Audience | undefined => (world.channel.is_archived ? KNOWS_ARCHIVED : undefined);

export const deliver = (world: ChannelWorld, userIds: readonly number[], event: ClientEvent): Delivery[] => {
  if (userIds.length === 0) return [];
  const audience = audienceFor(world);
  return [audience ? { userIds, event, audience } : { userIds, event }];
};

export const channelRecord = (world: ChannelWorld, now: number): Record<string, unknown> =>
  channelView({ world, channel: world.channel, subscriberCount: world.subscribers.length, now });

/** A subscription as `subscription add` carries it: always with the subscriber list. */
export const subscriptionRecord = (world: ChannelWorld, sub: SubscriptionState, now: number): Record<string, unknown> => ({
  ...subscriptionView({ world, channel: world.channel, subscriberCount: world.subscribers.length, now }, sub),
  subscribers: world.subscribers,
});

export const streamDelete = (streamId: number): ClientEvent => ({ type: 'stream', op: 'delete', streams: [{ stream_id: streamId }], stream_ids: [streamId] });
