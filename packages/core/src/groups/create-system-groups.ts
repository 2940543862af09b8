import type { RealmGroupSettingsChanged, UserGroupCreated } from '../events/group-events.js';
import { defaultRealmGroupSettings, SYSTEM_GROUPS, type SystemGroupName, systemGroupSettings } from './system-groups.js';
import type { RealmGroupSettings } from './user-group-state.js';

export interface SystemGroupsCreation {
  /** One creation per role system group, in SYSTEM_GROUPS order (a subgroup before the group holding it). */
  groups: { group_id: number; events: [UserGroupCreated] }[];
  /** The organization's group permissions, pointing at the new groups. */
  realm: [RealmGroupSettingsChanged];
}

/** The role system groups of a new organization (ids allocated by the caller), nested as in the public API. */
export function decideCreateSystemGroups(ids: Readonly<Record<SystemGroupName, number>>): SystemGroupsCreation {
  const settings = systemGroupSettings(ids);
  const groups = SYSTEM_GROUPS.map((definition) => ({
    group_id: ids[definition.name],
    events: [
      {
        type: 'UserGroupCreated',
        data: {
          group_id: ids[definition.name],
          name: definition.name,
          description: definition.description,
          is_system_group: true,
          members: [],
          direct_subgroup_ids: definition.subgroup === null ? [] : [ids[definition.subgroup]],
          creator_id: null,
          settings: { ...settings },
        },
      },
    ] satisfies [UserGroupCreated],
  }));
  return { groups, realm: [{ type: 'RealmGroupSettingsChanged', data: { changes: defaultRealmGroupSettings(ids) } }] };
}

/**
 * An organization permission added after the organization was created gets its default, so every
 * permission a decision reads is set: no event when none is missing.
 */
export function decideMissingRealmGroupSettings(
  current: Partial<RealmGroupSettings> | undefined,
  ids: Readonly<Record<SystemGroupName, number>>,
): RealmGroupSettingsChanged[] {
  const defaults = defaultRealmGroupSettings(ids);
  const missing = Object.fromEntries(Object.entries(defaults).filter(([name]) => !current || !(name in current)));
  return Object.keys(missing).length === 0 ? [] : [{ type: 'RealmGroupSettingsChanged', data: { changes: missing } }];
}
