import type { StoredEventOf, SubscriptionState } from '@chat/core';
import type { ClientEvent, Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { channelRecord, deliver, streamDelete, subscriptionAdd } from './channel-deliveries.js';
import { defaultStreams } from './channel-update-fanout.js';
import { channelWorld } from './channel-world.js';
import { fanoutOf } from './fanout.js';

const HANDLED = ['ChannelCreated', 'SubscriptionAdded', 'SubscriptionRemoved', 'SubscriptionPropertyChanged'] as const;

/**
 * Client events for channels and subscriptions. A user who comes to know a channel (created, or
 * subscribed to one they could not see) first gets `stream create`; one who can no longer see it
 * gets `stream delete`. Subscriber changes go to the users themselves and, as peer events, to
 * everyone else who may know the channel. Changes to a channel itself: channel-update-fanout.ts.
 */
async function channelsDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  const world = await channelWorld(models, event.data.channel_id);
  if (!world) return [];
  const now = event.metadata.occurred_at;
  const stream_id = world.channel.channel_id;
  switch (event.type) {
    case 'ChannelCreated': {
      const deliveries = deliver(world, world.watchers(), { type: 'stream', op: 'create', streams: [channelRecord(world, now)] });
      // Created as a default channel (is_default_stream): the organization's default channels changed.
      if (world.channel.is_default) deliveries.push(...(await defaultStreams(world, models)));
      return deliveries;
    }
    case 'SubscriptionAdded': {
      const added = event.data.subscriptions.map((sub) => sub.user_id);
      const knewBefore = new Set(world.watchers(added));
      const newcomers = added.filter((userId) => !knewBefore.has(userId));
      const deliveries = deliver(world, newcomers, { type: 'stream', op: 'create', streams: [channelRecord(world, now)] });
      for (const { user_id, ...properties } of event.data.subscriptions) {
        const sub: SubscriptionState = { user_id, channel_id: stream_id, active: true, ...properties };
        deliveries.push(...subscriptionAdd(world, sub, now));
      }
      const joined = new Set(added);
      const peers = world.watchers().filter((userId) => !joined.has(userId));
      deliveries.push(...deliver(world, peers, { type: 'subscription', op: 'peer_add', stream_ids: [stream_id], user_ids: added }));
      return deliveries;
    }
    case 'SubscriptionRemoved': {
      const removed = event.data.user_ids;
      const deliveries = deliver(world, removed, { type: 'subscription', op: 'remove', subscriptions: [{ name: world.channel.name, stream_id }] });
      const watchers = new Set(world.watchers());
      const left = new Set(removed);
      const peers = [...watchers].filter((userId) => !left.has(userId));
      deliveries.push(...deliver(world, peers, { type: 'subscription', op: 'peer_remove', stream_ids: [stream_id], user_ids: removed }));
      const lost = removed.filter((userId) => !watchers.has(userId));
      deliveries.push(...deliver(world, lost, streamDelete(stream_id)));
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

export const channelsFanout = fanoutOf('channels', HANDLED, channelsDeliveries);
