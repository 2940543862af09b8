import { CHANNEL_GROUP_SETTING_NAMES } from '../channels/channel-state.js';
import { ApiError } from '../errors.js';
import type { GroupEvent, UserGroupUpdated } from '../events/group-events.js';
import { FORBIDDEN_SETTING_GROUPS } from './create-user-group.js';
import { groupsInSetting } from './group-setting.js';
import { decideGroupSettingChanges } from './group-setting-changes.js';
import type { GroupSettingUpdate } from './group-setting-update.js';
import { checkGroupDescription, checkGroupName, requireGroup, requireManage, type UserGroupContext } from './group-rules.js';
import { REALM_GROUP_SETTING_NAMES, USER_GROUP_SETTING_NAMES, type UserGroupSettingName } from './user-group-state.js';

export interface UpdateUserGroup {
  name?: string;
  description?: string;
  /** Only `false` does anything: it reactivates a deactivated group. */
  deactivated?: boolean;
  /** Permission settings as `{new, old?}`. */
  settings?: Partial<Record<UserGroupSettingName, GroupSettingUpdate>>;
}

/**
 * PATCH /user_groups/{id}: rename, describe, change permissions, reactivate. Deactivated groups may be
 * renamed and their permissions changed (a deactivated group still cannot be a permission's value).
 * Reactivation comes last, so clients that do not list deactivated groups get the group as changed.
 */
export function decideUpdateUserGroup(ctx: UserGroupContext, groupId: number, cmd: UpdateUserGroup): GroupEvent[] {
  const group = requireGroup(ctx, groupId);
  requireManage(ctx, group);
  const changes: UserGroupUpdated['data']['changes'] = {};
  if (cmd.name !== undefined) {
    const name = checkGroupName(ctx, cmd.name, group.id);
    if (name !== group.name) changes.name = name;
  }
  if (cmd.description !== undefined) {
    const description = checkGroupDescription(cmd.description);
    if (description !== group.description) changes.description = description;
  }
  const permissions = decideGroupSettingChanges(ctx, group.settings, cmd.settings ?? {}, FORBIDDEN_SETTING_GROUPS);
  const events: GroupEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'UserGroupUpdated', data: { group_id: groupId, changes } });
  if (Object.keys(permissions.changes).length > 0) events.push({ type: 'UserGroupPermissionsChanged', data: { group_id: groupId, ...permissions } });
  if (cmd.deactivated === false && group.deactivated) events.push({ type: 'UserGroupReactivated', data: { group_id: groupId } });
  return events;
}

/** Where an active group, the organization or an active channel uses a group, as the API reports it. */
export type Objection =
  | { type: 'user_group'; group_id: number; settings: string[] }
  | { type: 'realm'; settings: string[] }
  | { type: 'channel'; channel_id: number; settings: string[] };

/** Every use of `groupId` by active groups (as a subgroup or in a setting), organization settings and active channels. */
export function groupObjections(ctx: UserGroupContext, groupId: number): Objection[] {
  const objections: Objection[] = [];
  for (const other of [...ctx.groups.values()].sort((a, b) => a.id - b.id)) {
    if (other.id === groupId || other.deactivated) continue;
    const settings: string[] = [];
    if (other.direct_subgroup_ids.includes(groupId)) settings.push('direct_subgroup_ids');
    for (const name of USER_GROUP_SETTING_NAMES) if (groupsInSetting(other.settings[name]).includes(groupId)) settings.push(name);
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings });
  }
  const realm = REALM_GROUP_SETTING_NAMES.filter((name) => groupsInSetting(ctx.realm[name]).includes(groupId));
  if (realm.length > 0) objections.push({ type: 'realm', settings: [...realm] });
  for (const channel of [...ctx.channels.values()].sort((a, b) => a.channel_id - b.channel_id)) {
    if (channel.is_archived) continue;
    const settings = CHANNEL_GROUP_SETTING_NAMES.filter((name) => groupsInSetting(channel.settings[name]).includes(groupId));
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.channel_id, settings: [...settings] });
  }
  return objections;
}

/** POST /user_groups/{id}/deactivate: refused while anything active uses the group. */
export function decideDeactivateUserGroup(ctx: UserGroupContext, groupId: number): GroupEvent[] {
  const group = requireGroup(ctx, groupId);
  requireManage(ctx, group);
  if (group.deactivated) return [];
  const objections = groupObjections(ctx, groupId);
  if (objections.length > 0) {
    throw new ApiError('CANNOT_DEACTIVATE_GROUP_IN_USE', 400, 'Cannot deactivate user group in use.', { objections });
  }
  return [{ type: 'UserGroupDeactivated', data: { group_id: groupId } }];
}
