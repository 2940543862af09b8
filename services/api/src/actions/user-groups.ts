import {
  type CreateUserGroup,
  decideCreateUserGroup,
  decideDeactivateUserGroup,
  decideUpdateUserGroup,
  decideUpdateUserGroupMembers,
  decideUpdateUserGroupSubgroups,
  decideCreateSystemGroups,
  decideMissingRealmGroupSettings,
  type DomainEvent,
  streams,
  SYSTEM_GROUPS,
  type SystemGroupName,
  type UpdateUserGroup,
  type UpdateUserGroupMembers,
  type UpdateUserGroupSubgroups,
  type UserGroupContext,
  type UserGroupState,
  type UserState,
  worldOf,
} from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What createUserGroup uses. */
type CreateUserGroupDeps = Commands & Allocates & Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>;
/** What updateUserGroupMembers uses. */
type UpdateUserGroupMembersDeps = Commands & Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>;

/** The groups, users, organization permissions and channels a group decision reads, with the actor as stored now. */
export async function groupContext(ctx: Reads<'channels' | 'realmGroupSettings' | 'userGroups' | 'users'>, actorId: number): Promise<UserGroupContext> {
  const users = await ctx.models.users.all();
  const actor = users.find((user) => user.user_id === actorId);
  const realm = await ctx.models.realmGroupSettings.get(REALM_KEY);
  if (!actor || !realm) throw new Error('organization not initialised');
  const channels = new Map((await ctx.models.channels.all()).map((channel) => [channel.channel_id, channel]));
  return { ...worldOf(await ctx.models.userGroups.all(), users), actor, realm, channels };
}

/**
 * Creates the role system groups, nested as in the public API, and then records the organization's
 * group permissions. Does nothing when they exist already (so a log from before groups is upgraded).
 */
export async function ensureSystemGroups(deps: Commands & Reads<'userGroups' | 'realmGroupSettings'> & Allocates, origin: Origin): Promise<void> {
  const existing = (await deps.models.userGroups.all()).filter((group) => group.is_system_group);
  if (existing.length > 0) return ensureRealmGroupSettings(deps, origin, existing);
  const ids = {} as Record<SystemGroupName, number>;
  for (const definition of SYSTEM_GROUPS) ids[definition.name] = await deps.ids.next('group');
  const { groups, realm } = decideCreateSystemGroups(ids);
  const appends: StreamAppend[] = groups.map(({ group_id, events }) => ({ stream: streams.userGroup(group_id), expected: 'no_stream', events }));
  appends.push({ stream: streams.realm(), expected: AS_READ, events: realm });
  await deps.bus.commit(origin, appends);
}

/**
 * A log written before an organization permission existed gets it on the next start, at its default,
 * so every permission a decision reads is set.
 */
async function ensureRealmGroupSettings(deps: Commands & Reads<'realmGroupSettings'>, origin: Origin, systemGroups: readonly UserGroupState[]): Promise<void> {
  const current = await deps.models.realmGroupSettings.get(REALM_KEY);
  const ids = Object.fromEntries(systemGroups.map((group) => [group.name, group.id])) as Record<SystemGroupName, number>;
  const events = decideMissingRealmGroupSettings(current, ids);
  if (events.length === 0) return;
  await deps.bus.commit(origin, [{ stream: streams.realm(), expected: AS_READ, events }]);
}

/** POST /user_groups/create: returns the new group's id. */
export async function createUserGroup(ctx: CreateUserGroupDeps, origin: Origin, actor: UserState, input: Omit<CreateUserGroup, 'group_id'>): Promise<number> {
  const group_id = await ctx.ids.next('group');
  return ctx.bus.run(origin, async () => {
    const events = decideCreateUserGroup(await groupContext(ctx, actor.user_id), { ...input, group_id });
    return { appends: [{ stream: streams.userGroup(group_id), expected: 'no_stream', events }], result: group_id };
  });
}

/** An append of events to a group's stream as the read models showed it (also used by accepting an invitation). */
export function groupAppend(groupId: number, events: DomainEvent[]): StreamAppend {
  return { stream: streams.userGroup(groupId), expected: AS_READ, events };
}

async function changeGroup(
  ctx: UpdateUserGroupMembersDeps,
  origin: Origin,
  actor: UserState,
  groupId: number,
  decide: (gc: UserGroupContext) => DomainEvent[],
): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const gc = await groupContext(ctx, actor.user_id);
    const events = decide(gc);
    const appends = [groupAppend(groupId, events)];
    // A new subgroup is checked against the whole group graph (no cycle): no other group may change
    // meanwhile, or two additions decided at once could close a cycle between them.
    if (events.some((event) => event.type === 'UserGroupMembersChanged' && event.data.added_subgroups.length > 0)) {
      for (const id of gc.groups.keys()) if (id !== groupId) appends.push({ stream: streams.userGroup(id), expected: AS_READ, events: [] });
    }
    return { appends, result: undefined };
  });
}

export const updateUserGroupMembers = (ctx: UpdateUserGroupMembersDeps, origin: Origin, actor: UserState, groupId: number, cmd: UpdateUserGroupMembers) =>
  changeGroup(ctx, origin, actor, groupId, (gc) => decideUpdateUserGroupMembers(gc, groupId, cmd));

export const updateUserGroupSubgroups = (ctx: UpdateUserGroupMembersDeps, origin: Origin, actor: UserState, groupId: number, cmd: UpdateUserGroupSubgroups) =>
  changeGroup(ctx, origin, actor, groupId, (gc) => decideUpdateUserGroupSubgroups(gc, groupId, cmd));

export const updateUserGroup = (ctx: UpdateUserGroupMembersDeps, origin: Origin, actor: UserState, groupId: number, cmd: UpdateUserGroup) =>
  changeGroup(ctx, origin, actor, groupId, (gc) => decideUpdateUserGroup(gc, groupId, cmd));

export const deactivateUserGroup = (ctx: UpdateUserGroupMembersDeps, origin: Origin, actor: UserState, groupId: number) =>
  changeGroup(ctx, origin, actor, groupId, (gc) => decideDeactivateUserGroup(gc, groupId));
