import type { GroupSettingValue } from './group-settings.js';

/** Whether a channel's topics may be named, empty, or both; `inherit` follows the organization. */
export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
export type TopicsPolicy = (typeof TOPICS_POLICIES)[number];

/** The permissions every channel holds as group-setting values. */
export const CHANNEL_GROUP_SETTING_NAMES = [
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
] as const;

export type ChannelGroupSettingName = (typeof CHANNEL_GROUP_SETTING_NAMES)[number];
export type ChannelGroupSettings = Record<ChannelGroupSettingName, GroupSettingValue>;

/** A channel's own properties, as recorded by ChannelCreated and changed by ChannelUpdated. */
export interface ChannelProperties {
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  /** null: the organization's retention applies; -1: kept forever. */
  message_retention_days: number | null;
  topics_policy: TopicsPolicy;
  folder_id: number | null;
  /** New users join default channels; invitations may add them. */
  is_default: boolean;
}

/** Everything ChannelUpdated may change: the channel's own properties and its permissions. */
export type ChannelFields = ChannelProperties & ChannelGroupSettings;
export type ChannelChanges = Partial<ChannelFields>;

/** The personal side of a subscription: kept after unsubscribing, so a return restores it. */
export interface SubscriptionProperties {
  color: string;
  pin_to_top: boolean;
  is_muted: boolean;
  /** null: the user's default for channels applies. */
  desktop_notifications: boolean | null;
  email_notifications: boolean | null;
  push_notifications: boolean | null;
  audible_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}
