import type { RealmGroupSettingName } from '../groups/user-group-state.js';

/**
 * System groups an organization permission may never be set to, as in the public API: never the
 * Internet; never everyone (guests included) for creating, inviting, subscribing others, moving
 * messages between channels, managing groups and deleting any message; never nobody for managing all
 * groups and deleting any message.
 */
export const FORBIDDEN_REALM_SETTING_GROUPS: Readonly<Record<RealmGroupSettingName, readonly string[]>> = {
  can_create_groups: ['role:internet', 'role:everyone'],
  can_manage_all_groups: ['role:internet', 'role:everyone', 'role:nobody'],
  can_mention_many_users_group: ['role:internet'],
  can_resolve_topics_group: ['role:internet'],
  can_move_messages_between_channels_group: ['role:internet', 'role:everyone'],
  can_move_messages_between_topics_group: ['role:internet'],
  can_invite_users_group: ['role:internet', 'role:everyone'],
  can_add_subscribers_group: ['role:internet', 'role:everyone'],
  can_create_public_channel_group: ['role:internet', 'role:everyone'],
  can_create_private_channel_group: ['role:internet', 'role:everyone'],
  direct_message_initiator_group: ['role:internet'],
  direct_message_permission_group: ['role:internet'],
  can_delete_any_message_group: ['role:internet', 'role:everyone', 'role:nobody'],
  can_delete_own_message_group: ['role:internet'],
  can_add_custom_emoji_group: ['role:internet', 'role:everyone'],
  can_create_bots_group: ['role:internet', 'role:everyone'],
  can_create_write_only_bots_group: ['role:internet', 'role:everyone'],
};

/** Organization permissions only owners may change: who creates, manages and invites. */
export const OWNER_ONLY_REALM_GROUP_SETTINGS: readonly RealmGroupSettingName[] = ['can_create_groups', 'can_manage_all_groups', 'can_invite_users_group'];
