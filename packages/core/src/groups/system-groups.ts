import { Role, type RoleValue } from '../roles.js';
import type { RealmGroupSettings, UserGroupSettings } from './user-group-state.js';

export type SystemGroupName =
  | 'role:owners'
  | 'role:administrators'
  | 'role:moderators'
  | 'role:fullmembers'
  | 'role:members'
  | 'role:everyone'
  | 'role:internet'
  | 'role:nobody';

export interface SystemGroupDefinition {
  name: SystemGroupName;
  description: string;
  /** Users with these roles are the group's direct members. */
  roles: readonly RoleValue[];
  /** The group directly below this one in the role hierarchy, fixed at creation. */
  subgroup: SystemGroupName | null;
}

/**
 * The role system groups, in creation order (each one's subgroup is created before it). Each role's
 * users are direct members of exactly one group; the nesting makes the higher roles members of the
 * lower groups too. Full members are members past the waiting period; with no waiting period
 * tracked, every member is a full member and role:members has no direct members of its own.
 */
export const SYSTEM_GROUPS: readonly SystemGroupDefinition[] = [
  { name: 'role:owners', description: 'Owners of this organization', roles: [Role.Owner], subgroup: null },
  { name: 'role:administrators', description: 'Administrators of this organization, including owners', roles: [Role.Administrator], subgroup: 'role:owners' },
  { name: 'role:moderators', description: 'Moderators of this organization, including administrators', roles: [Role.Moderator], subgroup: 'role:administrators' },
  { name: 'role:fullmembers', description: 'Members of this organization, not including new accounts and guests', roles: [Role.Member], subgroup: 'role:moderators' },
  { name: 'role:members', description: 'Members of this organization, not including guests', roles: [], subgroup: 'role:fullmembers' },
  { name: 'role:everyone', description: 'Everyone in this organization, including guests', roles: [Role.Guest], subgroup: 'role:members' },
  { name: 'role:internet', description: 'Everyone on the Internet', roles: [], subgroup: 'role:everyone' },
  { name: 'role:nobody', description: 'Nobody', roles: [], subgroup: null },
];

export const RESERVED_GROUP_NAME_PREFIX = 'role:';

/** The system group whose direct members have `role`. */
export const systemGroupOfRole = (role: RoleValue): SystemGroupName | null =>
  SYSTEM_GROUPS.find((group) => group.roles.includes(role))?.name ?? null;

export const systemGroupRoles = (name: string): readonly RoleValue[] =>
  SYSTEM_GROUPS.find((group) => group.name === name)?.roles ?? [];

/** Settings of a system group: nobody may change it, everyone may mention it. */
export const systemGroupSettings = (ids: Readonly<Record<SystemGroupName, number>>): UserGroupSettings => ({
  can_add_members_group: ids['role:nobody'],
  can_join_group: ids['role:nobody'],
  can_leave_group: ids['role:nobody'],
  can_manage_group: ids['role:nobody'],
  can_mention_group: ids['role:everyone'],
  can_remove_members_group: ids['role:nobody'],
});

/** The organization's group permissions when it is created. */
export const defaultRealmGroupSettings = (ids: Readonly<Record<SystemGroupName, number>>): RealmGroupSettings => ({
  can_create_groups: ids['role:members'],
  can_manage_all_groups: ids['role:owners'],
  can_mention_many_users_group: ids['role:administrators'],
  can_resolve_topics_group: ids['role:everyone'],
  can_move_messages_between_channels_group: ids['role:members'],
  can_move_messages_between_topics_group: ids['role:everyone'],
  can_invite_users_group: ids['role:members'],
  can_add_subscribers_group: ids['role:members'],
  can_create_public_channel_group: ids['role:members'],
  can_create_private_channel_group: ids['role:members'],
  direct_message_initiator_group: ids['role:everyone'],
  direct_message_permission_group: ids['role:everyone'],
  can_delete_any_message_group: ids['role:administrators'],
  can_delete_own_message_group: ids['role:everyone'],
  can_add_custom_emoji_group: ids['role:members'],
  can_create_bots_group: ids['role:members'],
  can_create_write_only_bots_group: ids['role:members'],
});
