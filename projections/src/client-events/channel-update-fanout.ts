import { type ChannelChanges, channelField, type ChannelState, Role, streamPostPolicy, withChannelChanges } from '@chat/core';
import type { ClientEvent, Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { channelRecord, deliver, IGNORES_ARCHIVED, KNOWS_ARCHIVED, streamDelete, subscriptionAdd } from './channel-deliveries.js';
import { type ChannelWorld, channelWorld } from './channel-world.js';
import { fanoutOf } from './fanout.js';

type StreamUpdate = (property: string, value: unknown, extra?: Record<string, unknown>) => ClientEvent;

const updateOf = (streamId: number, name: string): StreamUpdate => (property, value, extra = {}) => ({
  type: 'stream',
  op: 'update',
  stream_id: streamId,
  name,
  property,
  value,
  ...extra,
});

/**
 * One `stream update` per changed property, in the order the decision made them. A rename carries the
 * old name (clients find the channel by it); description comes with its HTML, privacy with the
 * history and web-public flags; a change of who may post also updates the legacy post-policy fields.
 */
function propertyEvents(world: ChannelWorld, before: ChannelState, changes: ChannelChanges): ClientEvent[] {
  const after = world.channel;
  const update = updateOf(after.channel_id, after.name);
  const events: ClientEvent[] = [];
  for (const key of Object.keys(changes) as (keyof ChannelChanges)[]) {
    switch (key) {
      case 'name':
        events.push(updateOf(after.channel_id, before.name)('name', after.name));
        break;
      case 'description':
        events.push(update('description', after.description, { rendered_description: after.rendered_description }));
        break;
      case 'invite_only':
        events.push(update('invite_only', after.invite_only, { history_public_to_subscribers: after.history_public_to_subscribers, is_web_public: after.is_web_public }));
        break;
      case 'history_public_to_subscribers':
        if (!('invite_only' in changes)) events.push(update(key, after.history_public_to_subscribers));
        break;
      // Travels with the description; default status has its own event.
      case 'rendered_description':
      case 'is_default':
        break;
      default:
        events.push(update(key, channelField(after, key)));
    }
  }
  const [policyBefore, policyAfter] = [streamPostPolicy(world, before.settings), streamPostPolicy(world, after.settings)];
  if (policyBefore !== policyAfter) {
    events.push(update('stream_post_policy', policyAfter));
    if ((policyBefore === 2) !== (policyAfter === 2)) events.push(update('is_announcement_only', policyAfter === 2));
  }
  return events;
}

/** The default channels, to every active user but guests (whose register lists none). */
export async function defaultStreams(world: ChannelWorld, models: ReadModels): Promise<Delivery[]> {
  const ids = (await models.channels.all()).filter((c) => c.is_default && !c.is_archived).map((c) => c.channel_id).sort((a, b) => a - b);
  const userIds = [...world.users.values()].filter((user) => user.is_active && user.role !== Role.Guest).map((user) => user.user_id);
  return userIds.length === 0 ? [] : [{ userIds, event: { type: 'default_streams', default_streams: ids } }];
}

/**
 * A change of who may see the channel (privacy, permissions) introduces it to those who gain sight
 * of it (`stream create`, whose subscriber_count already counts its subscribers, as for a role change)
 * and removes it for those who lose it; everyone else gets the updates.
 */
async function updated(world: ChannelWorld, changes: ChannelChanges, previous: ChannelChanges, models: ReadModels, now: number): Promise<Delivery[]> {
  const before = withChannelChanges(world.channel, previous);
  const watchedBefore = new Set(world.watchersOf(before));
  const watchers = world.watchers();
  const stayed = watchers.filter((userId) => watchedBefore.has(userId));
  const gained = watchers.filter((userId) => !watchedBefore.has(userId));
  // A set: a public channel of a large organization has every member as a watcher (10,000 × 10,000 lookups in a list held the loop 90 ms).
  const watching = new Set(watchers);
  const lost = [...watchedBefore].filter((userId) => !watching.has(userId));
  const stream_id = world.channel.channel_id;
  const deliveries = propertyEvents(world, before, changes).flatMap((event) => deliver(world, stayed, event));
  deliveries.push(...deliver(world, gained, { type: 'stream', op: 'create', streams: [channelRecord(world, now)] }));
  deliveries.push(...deliver(world, lost, streamDelete(stream_id)));
  if ('is_default' in changes) deliveries.push(...(await defaultStreams(world, models)));
  return deliveries;
}

/**
 * Archiving and unarchiving: clients that know archived channels see the flag change; the others
 * lose the channel, and get it back when it is unarchived (subscribers with their subscription).
 */
async function archivedOrNot(world: ChannelWorld, archived: boolean, models: ReadModels, now: number): Promise<Delivery[]> {
  const stream_id = world.channel.channel_id;
  const userIds = world.watchers();
  if (userIds.length === 0) return [];
  const flag = updateOf(stream_id, world.channel.name)('is_archived', archived);
  const deliveries: Delivery[] = [{ userIds, event: flag, audience: KNOWS_ARCHIVED }];
  if (archived) return [...deliveries, { userIds, event: streamDelete(stream_id), audience: IGNORES_ARCHIVED }];
  deliveries.push({ userIds, event: { type: 'stream', op: 'create', streams: [channelRecord(world, now)] }, audience: IGNORES_ARCHIVED });
  const subscriptions = (await models.subscriptions.findMany('channel_id', stream_id)).filter((sub) => sub.active && world.users.get(sub.user_id)?.is_active === true).sort((a, b) => a.user_id - b.user_id);
  for (const sub of subscriptions) {
    deliveries.push(...subscriptionAdd(world, sub, now, IGNORES_ARCHIVED));
  }
  return deliveries;
}

/** Client events for ChannelUpdated, ChannelArchived and ChannelUnarchived. */
export const channelUpdateFanout = fanoutOf('channel-update', ['ChannelUpdated', 'ChannelArchived', 'ChannelUnarchived'], async (event, models) => {
  const world = await channelWorld(models, event.data.channel_id);
  if (!world) return [];
  const now = event.metadata.occurred_at;
  if (event.type === 'ChannelUpdated') return updated(world, event.data.changes, event.data.previous, models, now);
  return archivedOrNot(world, event.type === 'ChannelArchived', models, now);
});
