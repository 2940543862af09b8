import { defaultRealmGroupSettings, FORBIDDEN_CHANNEL_SETTING_GROUPS, FORBIDDEN_REALM_SETTING_GROUPS, FORBIDDEN_SETTING_GROUPS, SYSTEM_GROUPS, type SystemGroupName } from '@chat/core';

interface PermissionSettingView {
  require_system_group: boolean;
  allow_internet_group: boolean;
  allow_nobody_group: boolean;
  allow_everyone_group: boolean;
  default_group_name: string;
  default_for_system_groups: string | null;
  allowed_system_groups: string[];
}

/** The organization defaults by system group name: the default settings computed over each group's index. */
const REALM_DEFAULTS = (() => {
  const index = Object.fromEntries(SYSTEM_GROUPS.map((group, i) => [group.name, i])) as Record<SystemGroupName, number>;
  const defaults = defaultRealmGroupSettings(index);
  return new Map(Object.entries(defaults).map(([name, value]) => [name, typeof value === 'number' ? SYSTEM_GROUPS[value].name : 'role:nobody']));
})();

/** A new user group's defaults that are system groups; the others default to its creator. */
const GROUP_DEFAULTS: Readonly<Record<string, string>> = { can_join_group: 'role:nobody', can_leave_group: 'role:everyone', can_mention_group: 'role:everyone', can_remove_members_group: 'role:nobody' };

function views(forbidden: Readonly<Record<string, readonly string[]>>, defaultOf: (name: string) => string): Record<string, PermissionSettingView> {
  return Object.fromEntries(
    Object.entries(forbidden).map(([name, groups]) => [
      name,
      {
        require_system_group: false,
        allow_internet_group: !groups.includes('role:internet'),
        allow_nobody_group: !groups.includes('role:nobody'),
        allow_everyone_group: !groups.includes('role:everyone'),
        default_group_name: defaultOf(name),
        default_for_system_groups: null,
        allowed_system_groups: [],
      },
    ]),
  );
}

/**
 * `server_supported_permission_settings`: for each group-valued permission of the organization,
 * channels and user groups, which system groups it may take (the same tables the deciders check)
 * and its default. A new group's settings default to its creator (`group_creator`, as the public API names it).
 */
export const SUPPORTED_PERMISSION_SETTINGS = {
  realm: views(FORBIDDEN_REALM_SETTING_GROUPS, (name) => REALM_DEFAULTS.get(name) ?? 'role:nobody'),
  stream: views(FORBIDDEN_CHANNEL_SETTING_GROUPS, (name) => (name === 'can_send_message_group' ? 'role:everyone' : name === 'can_remove_subscribers_group' ? 'role:administrators' : name === 'can_administer_channel_group' ? 'channel_creator' : 'role:nobody')),
  group: views(FORBIDDEN_SETTING_GROUPS, (name) => GROUP_DEFAULTS[name] ?? 'group_creator'),
};
