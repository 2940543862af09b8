/** Who holds a permission: a group's id, or an anonymous group of users and subgroups. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** The permission settings every user group carries. */
export const USER_GROUP_SETTING_NAMES = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;

export type UserGroupSettingName = (typeof USER_GROUP_SETTING_NAMES)[number];
export type UserGroupSettings = Record<UserGroupSettingName, GroupSettingValue>;

/** Organization permissions held by groups, as the register response names them without `realm_`. */
export const REALM_GROUP_SETTING_NAMES = [
  'can_create_groups',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_resolve_topics_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_invite_users_group',
  'can_add_subscribers_group',
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_add_custom_emoji_group',
  'can_create_bots_group',
  'can_create_write_only_bots_group',
] as const;

export type RealmGroupSettingName = (typeof REALM_GROUP_SETTING_NAMES)[number];
export type RealmGroupSettings = Record<RealmGroupSettingName, GroupSettingValue>;
