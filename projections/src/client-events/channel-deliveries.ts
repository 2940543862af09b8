import type { Audience, ClientEvent, Delivery } from '@chat/realtime';
import type { SubscriptionState } from '@chat/core';
import { channelView, subscriptionView, withNotificationDefaults } from '@chat/wire';
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

/**
 * `subscription add` for one subscriber: as recorded for clients with notification_settings_null,
 * with null notification fields resolved to the user's defaults for the others.
 */
export function subscriptionAdd(world: ChannelWorld, sub: SubscriptionState, now: number, archived: Audience | undefined = audienceFor(world)): Delivery[] {
  const record = subscriptionRecord(world, sub, now);
  const user = world.users.get(sub.user_id);
  if (!user) return [];
  const add = (subscription: Record<string, unknown>): ClientEvent => ({ type: 'subscription', op: 'add', subscriptions: [subscription] });
  const aimed = (notificationSettingsNull: boolean): Audience => ({
    capabilities: { ...archived?.capabilities, notification_settings_null: notificationSettingsNull },
  });
  return [
    { userIds: [sub.user_id], event: add(record), audience: aimed(true) },
    { userIds: [sub.user_id], event: add(withNotificationDefaults(record, user.settings)), audience: aimed(false) },
  ];
}

export const streamDelete = (streamId: number): ClientEvent => ({ type: 'stream', op: 'delete', streams: [{ stream_id: streamId }], stream_ids: [streamId] });
