import type { RealmGroupSettings, UserGroupState } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/**
 * User groups and the organization's group-valued permissions. System groups keep no members here:
 * their members are derived from users' roles wherever they are read.
 */
export function groupsProjection(models: ReadModels): Projection {
  const update = async (groupId: number, position: number, change: (group: UserGroupState) => UserGroupState): Promise<void> => {
    const group = await models.userGroups.get(groupId);
    if (group) await models.userGroups.put(groupId, change(group), position);
  };

  return projectionOf('groups', ['RealmGroupSettingsChanged', 'UserGroupCreated', 'UserGroupDeactivated', 'UserGroupMembersChanged', 'UserGroupPermissionsChanged', 'UserGroupReactivated', 'UserGroupUpdated'], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'UserGroupCreated': {
        const d = event.data;
        await models.userGroups.put(
          d.group_id,
          {
            id: d.group_id,
            name: d.name,
            description: d.description,
            is_system_group: d.is_system_group,
            members: [...d.members],
            direct_subgroup_ids: [...d.direct_subgroup_ids],
            deactivated: false,
            date_created: event.metadata.occurred_at,
            creator_id: d.creator_id,
            settings: { ...d.settings },
          },
          at,
        );
        return;
      }
      case 'UserGroupMembersChanged': {
        const d = event.data;
        return update(d.group_id, at, (g) => ({
          ...g,
          members: [...g.members.filter((id) => !d.removed_members.includes(id)), ...d.added_members],
          direct_subgroup_ids: [...g.direct_subgroup_ids.filter((id) => !d.removed_subgroups.includes(id)), ...d.added_subgroups],
        }));
      }
      case 'UserGroupUpdated':
        return update(event.data.group_id, at, (g) => ({ ...g, ...event.data.changes }));
      case 'UserGroupPermissionsChanged':
        return update(event.data.group_id, at, (g) => ({ ...g, settings: { ...g.settings, ...event.data.changes } }));
      case 'UserGroupDeactivated':
        return update(event.data.group_id, at, (g) => ({ ...g, deactivated: true }));
      case 'UserGroupReactivated':
        return update(event.data.group_id, at, (g) => ({ ...g, deactivated: false }));
      case 'RealmGroupSettingsChanged': {
        const current = await models.realmGroupSettings.get(REALM_KEY);
        // The first change (at bootstrap) names every setting; later ones only what changed.
        const next = { ...current, ...event.data.changes } as RealmGroupSettings;
        await models.realmGroupSettings.put(REALM_KEY, next, at);
        return;
      }
      default:
        return;
    }
  });
}
