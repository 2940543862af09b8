import { channelNameKey, type ChannelState, subscriptionKey, type SubscriptionState, withChannelChanges } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Channels and every user's subscriptions to them (past subscriptions kept with `active` false). */
export function channelsProjection(models: ReadModels): Projection {
  const update = async (channelId: number, position: number, change: (channel: ChannelState) => ChannelState): Promise<void> => {
    const channel = await models.channels.get(channelId);
    if (channel) await models.channels.put(channelId, change(channel), position);
  };

  return projectionOf('channels', ['ChannelArchived', 'ChannelCreated', 'ChannelUnarchived', 'ChannelUpdated', 'SubscriptionAdded', 'SubscriptionPropertyChanged', 'SubscriptionRemoved'], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'ChannelCreated': {
        const { settings, ...d } = event.data;
        await models.channels.put(
          d.channel_id,
          {
            ...d,
            name_key: channelNameKey(d.name),
            date_created: event.metadata.occurred_at,
            is_archived: false,
            settings: { ...settings },
            first_message_id: null,
          },
          at,
        );
        return;
      }
      case 'ChannelUpdated':
        return update(event.data.channel_id, at, (channel) => withChannelChanges(channel, event.data.changes));
      case 'ChannelArchived':
        return update(event.data.channel_id, at, (channel) => ({ ...channel, is_archived: true }));
      case 'ChannelUnarchived':
        return update(event.data.channel_id, at, (channel) => ({ ...channel, is_archived: false }));
      case 'SubscriptionAdded':
        for (const { user_id, ...properties } of event.data.subscriptions) {
          const sub: SubscriptionState = { user_id, channel_id: event.data.channel_id, active: true, ...properties };
          await models.subscriptions.put(subscriptionKey(user_id, event.data.channel_id), sub, at);
        }
        return;
      case 'SubscriptionRemoved':
        for (const userId of event.data.user_ids) {
          const key = subscriptionKey(userId, event.data.channel_id);
          const sub = await models.subscriptions.get(key);
          if (sub) await models.subscriptions.put(key, { ...sub, active: false }, at);
        }
        return;
      case 'SubscriptionPropertyChanged': {
        const d = event.data;
        const key = subscriptionKey(d.user_id, d.channel_id);
        const sub = await models.subscriptions.get(key);
        if (sub) await models.subscriptions.put(key, { ...sub, [d.property]: d.value }, at);
        return;
      }
      default:
        return;
    }
  });
}
