import type { StoredEvent, SubscriptionState } from '@chat/core';
import type { Audience, ClientEvent, Delivery } from '@chat/realtime';
import { channelView, subscriptionView } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { type ChannelWorld, channelWorld } from './channel-world.js';

/** Data about archived channels reaches only clients that declared archived_channels. */
const audienceFor = (world: ChannelWorld): Audience | undefined => (world.channel.is_archived ? { capabilities: { archived_channels: true } } : undefined);

const deliver = (world: ChannelWorld, userIds: readonly number[], event: ClientEvent): Delivery[] => {
  if (userIds.length === 0) return [];
  const audience = audienceFor(world);
  return [audience ? { userIds, event, audience } : { userIds, event }];
};

const channelRecord = (world: ChannelWorld, now: number): Record<string, unknown> =>
  channelView({ world, channel: world.channel, subscriberCount: world.subscribers.length, now });

/**
 * Client events for channels and subscriptions. A user who comes to know a channel (created, or
 * subscribed to one they could not see) first gets `stream create`; one who can no longer see it
 * gets `stream delete`. Subscriber changes go to the users themselves and, as peer events, to
 * everyone else who may know the channel.
 */
export async function channelsFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'ChannelCreated':
    case 'SubscriptionAdded':
    case 'SubscriptionRemoved':
    case 'SubscriptionPropertyChanged':
      break;
    default:
      return [];
  }
  const world = await channelWorld(models, event.data.channel_id);
  if (!world) return [];
  const now = event.metadata.occurred_at;
  const stream_id = world.channel.channel_id;
  switch (event.type) {
    case 'ChannelCreated':
      return deliver(world, world.watchers(), { type: 'stream', op: 'create', streams: [channelRecord(world, now)] });
    case 'SubscriptionAdded': {
      const added = event.data.subscriptions.map((sub) => sub.user_id);
      const knewBefore = new Set(world.watchers(added));
      const newcomers = added.filter((userId) => !knewBefore.has(userId));
      const deliveries = deliver(world, newcomers, { type: 'stream', op: 'create', streams: [channelRecord(world, now)] });
      for (const { user_id, ...properties } of event.data.subscriptions) {
        const sub: SubscriptionState = { user_id, channel_id: stream_id, active: true, ...properties };
        const record = { ...subscriptionView({ world, channel: world.channel, subscriberCount: world.subscribers.length, now }, sub), subscribers: world.subscribers };
        deliveries.push(...deliver(world, [user_id], { type: 'subscription', op: 'add', subscriptions: [record] }));
      }
      const peers = world.watchers().filter((userId) => !added.includes(userId));
      deliveries.push(...deliver(world, peers, { type: 'subscription', op: 'peer_add', stream_ids: [stream_id], user_ids: added }));
      return deliveries;
    }
    case 'SubscriptionRemoved': {
      const removed = event.data.user_ids;
      const deliveries = deliver(world, removed, { type: 'subscription', op: 'remove', subscriptions: [{ name: world.channel.name, stream_id }] });
      const watchers = new Set(world.watchers());
      const peers = [...watchers].filter((userId) => !removed.includes(userId));
      deliveries.push(...deliver(world, peers, { type: 'subscription', op: 'peer_remove', stream_ids: [stream_id], user_ids: removed }));
      const lost = removed.filter((userId) => !watchers.has(userId));
      deliveries.push(...deliver(world, lost, { type: 'stream', op: 'delete', streams: [{ stream_id }], stream_ids: [stream_id] }));
      return deliveries;
    }
    case 'SubscriptionPropertyChanged': {
      const d = event.data;
      const events: ClientEvent[] = [{ type: 'subscription', op: 'update', stream_id, property: d.property, value: d.value }];
      // Older clients know muting by its inverse.
      if (d.property === 'is_muted') events.push({ type: 'subscription', op: 'update', stream_id, property: 'in_home_view', value: d.value !== true });
      return events.flatMap((clientEvent) => deliver(world, [d.user_id], clientEvent));
    }
    default:
      return [];
  }
}
