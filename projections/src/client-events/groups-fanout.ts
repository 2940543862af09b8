import { type GroupWorld, type StoredEventOf, systemGroupOfRole, worldOf } from '@chat/core';
import type { ClientEvent, Delivery } from '@chat/realtime';
import { userGroupView } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

const WITH_DEACTIVATED = { capabilities: { include_deactivated_groups: true } };
const WITHOUT_DEACTIVATED = { capabilities: { include_deactivated_groups: false } };

const GROUP_EVENTS = ['UserGroupCreated', 'UserGroupMembersChanged', 'UserGroupUpdated', 'UserGroupPermissionsChanged', 'UserGroupDeactivated', 'UserGroupReactivated'] as const;

/**
 * Client events for user groups, to every active user. Clients without include_deactivated_groups
 * do not know deactivated groups: deactivation removes the group for them, reactivation adds it back,
 * and nothing else about a deactivated group reaches them.
 */
async function groupsDeliveries(event: StoredEventOf<(typeof GROUP_EVENTS)[number]>, models: ReadModels): Promise<Delivery[]> {
  const world = worldOf(await models.userGroups.all(), await models.users.all());
  const group = world.groups.get(event.data.group_id);
  if (!group) return [];
  const everyone = activeUserIds(world);
  const group_id = group.id;
  const toAll = (clientEvent: ClientEvent): Delivery => ({ userIds: everyone, event: clientEvent });
  // Changes to a deactivated group reach only the clients that still list it.
  const toListing = (clientEvent: ClientEvent): Delivery =>
    group.deactivated ? { userIds: everyone, event: clientEvent, audience: WITH_DEACTIVATED } : toAll(clientEvent);
  const op = (name: string, fields: Record<string, unknown>): ClientEvent => ({ type: 'user_group', op: name, group_id, ...fields });
  switch (event.type) {
    case 'UserGroupCreated':
      return [toAll({ type: 'user_group', op: 'add', group: userGroupView(world, group) })];
    case 'UserGroupMembersChanged': {
      const d = event.data;
      const deliveries: Delivery[] = [];
      if (d.added_members.length > 0) deliveries.push(toListing(op('add_members', { user_ids: d.added_members })));
      if (d.removed_members.length > 0) deliveries.push(toListing(op('remove_members', { user_ids: d.removed_members })));
      if (d.added_subgroups.length > 0) deliveries.push(toListing(op('add_subgroups', { direct_subgroup_ids: d.added_subgroups })));
      if (d.removed_subgroups.length > 0) deliveries.push(toListing(op('remove_subgroups', { direct_subgroup_ids: d.removed_subgroups })));
      return deliveries;
    }
    case 'UserGroupUpdated':
    case 'UserGroupPermissionsChanged':
      return [toListing(op('update', { data: { ...event.data.changes } }))];
    case 'UserGroupDeactivated':
      return [
        { userIds: everyone, event: op('update', { data: { deactivated: true } }), audience: WITH_DEACTIVATED },
        { userIds: everyone, event: op('remove', {}), audience: WITHOUT_DEACTIVATED },
      ];
    case 'UserGroupReactivated':
      return [
        { userIds: everyone, event: op('update', { data: { deactivated: false } }), audience: WITH_DEACTIVATED },
        { userIds: everyone, event: { type: 'user_group', op: 'add', group: userGroupView(world, group) }, audience: WITHOUT_DEACTIVATED },
      ];
    default:
      return [];
  }
}

const activeUserIds = (world: GroupWorld): number[] =>
  [...world.users.values()].filter((user) => user.is_active).map((user) => user.user_id);

const ROLE_EVENTS = ['UserCreated', 'UserRoleChanged'] as const;

/** A role change moves the user between role system groups: their derived membership changed. */
async function roleMembership(event: StoredEventOf<(typeof ROLE_EVENTS)[number]>, models: ReadModels): Promise<Delivery[]> {
  const world = worldOf(await models.userGroups.all(), await models.users.all());
  const systemGroupId = (role: Parameters<typeof systemGroupOfRole>[0]): number | null => {
    const name = systemGroupOfRole(role);
    return [...world.groups.values()].find((group) => group.is_system_group && group.name === name)?.id ?? null;
  };
  const user_ids = [event.data.user_id];
  const everyone = activeUserIds(world);
  const deliveries: Delivery[] = [];
  if (event.type === 'UserRoleChanged') {
    const from = systemGroupId(event.data.previous_role);
    if (from !== null) deliveries.push({ userIds: everyone, event: { type: 'user_group', op: 'remove_members', group_id: from, user_ids } });
  }
  const to = systemGroupId(event.data.role);
  if (to !== null) deliveries.push({ userIds: everyone, event: { type: 'user_group', op: 'add_members', group_id: to, user_ids } });
  return deliveries;
}

export const groupsFanout = fanoutOf('groups', GROUP_EVENTS, groupsDeliveries);

export const roleGroupsFanout = fanoutOf('role-groups', ROLE_EVENTS, roleMembership);
