import { type AccessWorld, hasMetadataAccess, Role, type StoredEventOf, SubscriptionIndex, worldOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { channelView } from '@chat/wire';
import { REALM_KEY, type ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/**
 * A role change can make channels visible or invisible to the user (administrators know every
 * channel): they get `stream create` for the channels they came to know and `stream delete` for
 * those they can no longer see. Archived channels only concern clients with archived_channels.
 * Becoming or ceasing to be a guest also changes the default channels the user is told of.
 */
async function channelAccessDeliveries(event: StoredEventOf<'UserRoleChanged'>, models: ReadModels): Promise<Delivery[]> {
  const realm = await models.realmGroupSettings.get(REALM_KEY);
  const user = await models.users.get(event.data.user_id);
  if (!realm || !user || !user.is_active) return [];
  const users = await models.users.all();
  const groups = await models.userGroups.all();
  const own = new SubscriptionIndex(await models.subscriptions.findMany('user_id', user.user_id));
  const worldWith = (role: typeof user.role): AccessWorld => ({
    ...worldOf(groups, users.map((u) => (u.user_id === user.user_id ? { ...u, role } : u))),
    realm,
    isSubscribed: (userId, channelId) => own.isSubscribed(userId, channelId),
  });
  const before = worldWith(event.data.previous_role);
  const after = worldWith(event.data.role);
  const deliveries: Delivery[] = [];
  for (const channel of (await models.channels.all()).sort((a, b) => a.channel_id - b.channel_id)) {
    const saw = hasMetadataAccess(before, channel, user.user_id);
    const sees = hasMetadataAccess(after, channel, user.user_id);
    if (saw === sees) continue;
    const audience = channel.is_archived ? { audience: { capabilities: { archived_channels: true } } } : {};
    if (sees) {
      const subscriberCount = (await models.subscriptions.findMany('channel_id', channel.channel_id)).filter((sub) => sub.active && after.users.get(sub.user_id)?.is_active === true).length;
      const record = channelView({ world: after, channel, subscriberCount, now: event.metadata.occurred_at });
      deliveries.push({ userIds: [user.user_id], event: { type: 'stream', op: 'create', streams: [record] }, ...audience });
    } else {
      const stream_id = channel.channel_id;
      deliveries.push({ userIds: [user.user_id], event: { type: 'stream', op: 'delete', streams: [{ stream_id }], stream_ids: [stream_id] }, ...audience });
    }
  }
  // Guests are not told the default channels: crossing that line changes the user's list.
  if ((event.data.previous_role === Role.Guest) !== (event.data.role === Role.Guest)) {
    const channels = await models.channels.all();
    const ids = event.data.role === Role.Guest ? [] : channels.filter((c) => c.is_default && !c.is_archived).map((c) => c.channel_id).sort((a, b) => a - b);
    deliveries.push({ userIds: [user.user_id], event: { type: 'default_streams', default_streams: ids } });
  }
  return deliveries;
}

export const channelAccessFanout = fanoutOf('channel-access', ['UserRoleChanged'], channelAccessDeliveries);
