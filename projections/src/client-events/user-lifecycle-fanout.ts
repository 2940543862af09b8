import { type StoredEventOf, systemGroupOfRole, type UserState, worldOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { deliver } from './channel-deliveries.js';
import { channelWorld } from './channel-world.js';

const WITH_DEACTIVATED = { capabilities: { include_deactivated_groups: true } };

const HANDLED = ['UserDeactivated', 'UserReactivated'] as const;

/**
 * Deactivation and reactivation. Everyone learns the account's `is_active` from `realm_user update`.
 * A deactivated user is listed in no channel and no group: peers get `peer_remove` for each channel
 * first, and drop the user from groups themselves (the public server's rule). Reactivation lists them
 * again: `add_members` for every group they belong to and `peer_add` for every channel.
 */
async function userLifecycleDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  const subject = await models.users.get(event.data.user_id);
  if (!subject) return [];
  const users = await models.users.all();
  const everyone = users.filter((user) => user.is_active).map((user) => user.user_id);
  const update: Delivery = { userIds: everyone, event: { type: 'realm_user', op: 'update', person: { user_id: subject.user_id, is_active: subject.is_active } } };
  const peers = await peerEvents(subject, models, event.type === 'UserDeactivated' ? 'peer_remove' : 'peer_add');
  if (event.type === 'UserDeactivated') return [...peers, update];
  return [update, ...(await groupsRegained(subject, models, everyone)), ...peers];
}

export const userLifecycleFanout = fanoutOf('user-lifecycle', HANDLED, userLifecycleDeliveries);

async function peerEvents(subject: UserState, models: ReadModels, op: 'peer_add' | 'peer_remove'): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const rows = (await models.subscriptions.findMany('user_id', subject.user_id)).filter((row) => row.active);
  for (const row of rows.sort((a, b) => a.channel_id - b.channel_id)) {
    const world = await channelWorld(models, row.channel_id);
    if (!world) continue;
    const peers = world.watchers().filter((userId) => userId !== subject.user_id);
    deliveries.push(...deliver(world, peers, { type: 'subscription', op, stream_ids: [row.channel_id], user_ids: [subject.user_id] }));
  }
  return deliveries;
}

/** The groups a reactivated user is listed in again: those they were left in, and their role's system group. */
async function groupsRegained(subject: UserState, models: ReadModels, everyone: number[]): Promise<Delivery[]> {
  const world = worldOf(await models.userGroups.all(), await models.users.all());
  const roleGroup = systemGroupOfRole(subject.role);
  const user_ids = [subject.user_id];
  return [...world.groups.values()]
    .filter((group) => (group.is_system_group ? group.name === roleGroup : group.members.includes(subject.user_id)))
    .sort((a, b) => a.id - b.id)
    .map((group): Delivery => {
      const event = { type: 'user_group', op: 'add_members', group_id: group.id, user_ids };
      return group.deactivated ? { userIds: everyone, event, audience: WITH_DEACTIVATED } : { userIds: everyone, event };
    });
}
