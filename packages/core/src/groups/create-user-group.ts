import { badRequest, insufficientPermission } from '../errors.js';
import type { UserGroupCreated } from '../events/group-events.js';
import { isAdminRole } from '../roles.js';
import { checkGroupSettingValue, isUserInSetting } from './group-setting.js';
import { checkGroupDescription, checkGroupName, checkMemberUser, type UserGroupContext } from './group-rules.js';
import { checkNewSubgroup } from './update-user-group-members.js';
import {
  type GroupSettingValue,
  USER_GROUP_SETTING_NAMES,
  type UserGroupSettingName,
  type UserGroupSettings,
} from './user-group-state.js';

export interface CreateUserGroup {
  group_id: number;
  name: string;
  description: string;
  members: number[];
  subgroups?: number[];
  settings?: Partial<UserGroupSettings>;
}

/** System groups a group setting may never be set to. */
export const FORBIDDEN_SETTING_GROUPS: Readonly<Record<UserGroupSettingName, readonly string[]>> = {
  can_add_members_group: ['role:internet'],
  can_join_group: ['role:internet'],
  can_leave_group: ['role:internet'],
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
  can_remove_members_group: ['role:internet'],
};

function systemGroupId(ctx: UserGroupContext, name: string): number {
  for (const group of ctx.groups.values()) if (group.is_system_group && group.name === name) return group.id;
  throw new Error(`system group ${name} missing`);
}

/** What a new group's settings are unless the request says otherwise: its creator manages it. */
export function defaultGroupSettings(ctx: UserGroupContext): UserGroupSettings {
  const creator: GroupSettingValue = { direct_members: [ctx.actor.user_id], direct_subgroups: [] };
  return {
    can_add_members_group: creator,
    can_join_group: systemGroupId(ctx, 'role:nobody'),
    can_leave_group: systemGroupId(ctx, 'role:everyone'),
    can_manage_group: creator,
    can_mention_group: systemGroupId(ctx, 'role:everyone'),
    can_remove_members_group: systemGroupId(ctx, 'role:nobody'),
  };
}

/** POST /user_groups/create: holders of can_create_groups (and administrators) create a group. */
export function decideCreateUserGroup(ctx: UserGroupContext, cmd: CreateUserGroup): UserGroupCreated[] {
  const actor = ctx.actor;
  if (!isAdminRole(actor.role) && !isUserInSetting(ctx, ctx.realm.can_create_groups, actor.user_id)) {
    throw insufficientPermission('Insufficient permission');
  }
  const name = checkGroupName(ctx, cmd.name, null);
  const description = checkGroupDescription(cmd.description);
  const members = [...new Set(cmd.members)];
  for (const userId of members) checkMemberUser(ctx, userId);
  const subgroups = [...new Set(cmd.subgroups ?? [])];
  for (const groupId of subgroups) checkNewSubgroup(ctx, cmd.group_id, groupId);
  const settings = defaultGroupSettings(ctx);
  for (const setting of USER_GROUP_SETTING_NAMES) {
    const value = cmd.settings?.[setting];
    if (value === undefined) continue;
    if (typeof value === 'number' && value === cmd.group_id) throw badRequest(`Invalid user group ID: ${value}`);
    settings[setting] = checkGroupSettingValue(ctx, setting, value, FORBIDDEN_SETTING_GROUPS[setting]);
  }
  return [
    {
      type: 'UserGroupCreated',
      data: {
        group_id: cmd.group_id,
        name,
        description,
        is_system_group: false,
        members,
        direct_subgroup_ids: subgroups,
        creator_id: actor.user_id,
        settings,
      },
    },
  ];
}
