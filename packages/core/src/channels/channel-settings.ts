import type { GroupWorld } from '../groups/group-setting.js';
import type { GroupSettingValue } from '../groups/user-group-state.js';
import type { ChannelGroupSettingName, ChannelGroupSettings } from './channel-state.js';

/** System groups a channel permission may never be set to. */
export const FORBIDDEN_CHANNEL_SETTING_GROUPS: Readonly<Record<ChannelGroupSettingName, readonly string[]>> = {
  can_add_subscribers_group: ['role:internet'],
  can_remove_subscribers_group: ['role:internet'],
  can_administer_channel_group: ['role:internet', 'role:everyone'],
  can_delete_any_message_group: ['role:internet'],
  can_delete_own_message_group: ['role:internet'],
  can_move_messages_out_of_channel_group: ['role:internet'],
  can_move_messages_within_channel_group: ['role:internet'],
  can_send_message_group: ['role:internet'],
  can_subscribe_group: ['role:internet'],
  can_resolve_topics_group: ['role:internet'],
};

export function systemGroupIdOf(world: GroupWorld, name: string): number {
  for (const group of world.groups.values()) if (group.is_system_group && group.name === name) return group.id;
  throw new Error(`system group ${name} missing`);
}

/**
 * A new channel's permissions unless the request says otherwise: its creator administers it,
 * administrators remove subscribers, everyone posts, and the
 * remaining permissions rest on the organization-level settings alone.
 */
export function defaultChannelGroupSettings(world: GroupWorld, creatorId: number | null): ChannelGroupSettings {
  const system = (name: string): GroupSettingValue => systemGroupIdOf(world, name);
  const nobody = system('role:nobody');
  return {
    can_add_subscribers_group: nobody,
    can_remove_subscribers_group: system('role:administrators'),
    can_administer_channel_group: creatorId === null ? nobody : { direct_members: [creatorId], direct_subgroups: [] },
    can_delete_any_message_group: nobody,
    can_delete_own_message_group: nobody,
    can_move_messages_out_of_channel_group: nobody,
    can_move_messages_within_channel_group: nobody,
    can_send_message_group: system('role:everyone'),
    can_subscribe_group: nobody,
    can_resolve_topics_group: nobody,
  };
}

/**
 * The deprecated `stream_post_policy` that older clients read, derived from can_send_message_group:
 * 1 everyone, 2 administrators, 3 full members, 4 moderators.
 */
export function streamPostPolicy(world: GroupWorld, settings: ChannelGroupSettings): number {
  const value = settings.can_send_message_group;
  if (typeof value !== 'number') return 1;
  const name = world.groups.get(value)?.name;
  if (name === 'role:administrators') return 2;
  if (name === 'role:fullmembers') return 3;
  if (name === 'role:moderators') return 4;
  return 1;
}
