import type { RealmGroupSettings, UserGroupSettings } from './group-settings.js';

/** A user group came into being: a role system group at bootstrap, or a group a user created. */
export interface UserGroupCreated {
  type: 'UserGroupCreated';
  data: {
    group_id: number;
    name: string;
    description: string;
    /** System groups' members follow users' roles; their `members` here is always empty. */
    is_system_group: boolean;
    members: number[];
    direct_subgroup_ids: number[];
    creator_id: number | null;
    settings: UserGroupSettings;
  };
}

/** Direct members and direct subgroups were added to or removed from a group. */
export interface UserGroupMembersChanged {
  type: 'UserGroupMembersChanged';
  data: {
    group_id: number;
    added_members: number[];
    removed_members: number[];
    added_subgroups: number[];
    removed_subgroups: number[];
  };
}

/** A group's name or description changed; `changes` holds only the new values. */
export interface UserGroupUpdated {
  type: 'UserGroupUpdated';
  data: { group_id: number; changes: { name?: string; description?: string } };
}

/**
 * Some of a group's permission settings changed; `previous` holds the values they replaced, so the
 * log says who held a permission before without replaying the group's history.
 */
export interface UserGroupPermissionsChanged {
  type: 'UserGroupPermissionsChanged';
  data: { group_id: number; changes: Partial<UserGroupSettings>; previous: Partial<UserGroupSettings> };
}

export interface UserGroupDeactivated {
  type: 'UserGroupDeactivated';
  data: { group_id: number };
}

export interface UserGroupReactivated {
  type: 'UserGroupReactivated';
  data: { group_id: number };
}

/**
 * Organization permissions held by groups: all of them once the system groups exist (bootstrap), then
 * what an administrator changes through PATCH /realm.
 */
export interface RealmGroupSettingsChanged {
  type: 'RealmGroupSettingsChanged';
  data: { changes: Partial<RealmGroupSettings> };
}

export type GroupEvent =
  | UserGroupCreated
  | UserGroupMembersChanged
  | UserGroupUpdated
  | UserGroupPermissionsChanged
  | UserGroupDeactivated
  | UserGroupReactivated
  | RealmGroupSettingsChanged;

declare module './index.js' {
  interface DomainEventKinds {
    GroupEvent: GroupEvent;
  }
}
