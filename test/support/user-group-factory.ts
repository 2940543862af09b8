import {
  type ChannelState,
  defaultRealmGroupSettings,
  type RealmGroupSettings,
  SYSTEM_GROUPS,
  type SystemGroupName,
  systemGroupSettings,
  type UserGroupContext,
  type UserGroupState,
  type UserState,
  worldOf,
} from '@chat/core';

/** System group ids as bootstrap allocates them: 1..8 in SYSTEM_GROUPS order. */
export const SYS = Object.fromEntries(SYSTEM_GROUPS.map((definition, index) => [definition.name, index + 1])) as Record<SystemGroupName, number>;

export function systemGroups(): UserGroupState[] {
  return SYSTEM_GROUPS.map((definition) => ({
    id: SYS[definition.name],
    name: definition.name,
    description: definition.description,
    is_system_group: true,
    members: [],
    direct_subgroup_ids: definition.subgroup === null ? [] : [SYS[definition.subgroup]],
    deactivated: false,
    date_created: 1_700_000_000_000,
    creator_id: null,
    settings: systemGroupSettings(SYS),
  }));
}

/** A user-created group, managed by its creator (user 4 unless overridden). */
export function aGroup(overrides: Partial<UserGroupState> & { id: number }): UserGroupState {
  const creator = overrides.creator_id ?? 4;
  return {
    name: `group ${overrides.id}`,
    description: '',
    is_system_group: false,
    members: [],
    direct_subgroup_ids: [],
    deactivated: false,
    date_created: 1_700_000_000_000,
    creator_id: creator,
    settings: {
      can_add_members_group: { direct_members: [creator], direct_subgroups: [] },
      can_join_group: SYS['role:nobody'],
      can_leave_group: SYS['role:everyone'],
      can_manage_group: { direct_members: [creator], direct_subgroups: [] },
      can_mention_group: SYS['role:everyone'],
      can_remove_members_group: SYS['role:nobody'],
    },
    ...overrides,
  };
}

export function groupContext(
  actor: UserState,
  users: readonly UserState[],
  groups: readonly UserGroupState[] = [],
  realm: Partial<RealmGroupSettings> = {},
  channels: readonly ChannelState[] = [],
): UserGroupContext {
  const everyone = users.some((user) => user.user_id === actor.user_id) ? users : [actor, ...users];
  return {
    ...worldOf([...systemGroups(), ...groups], everyone),
    actor,
    realm: { ...defaultRealmGroupSettings(SYS), ...realm },
    channels: new Map(channels.map((channel) => [channel.channel_id, channel])),
  };
}
