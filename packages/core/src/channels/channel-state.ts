import type { ChannelGroupSettings, ChannelProperties, SubscriptionProperties } from '../events/channel-properties.js';

export {
  CHANNEL_GROUP_SETTING_NAMES,
  type ChannelChanges,
  type ChannelFields,
  type ChannelGroupSettingName,
  type ChannelGroupSettings,
  type ChannelProperties,
  type SubscriptionProperties,
  TOPICS_POLICIES,
  type TopicsPolicy,
} from '../events/channel-properties.js';

/** A channel as the read model holds it and as deciders see it. */
export interface ChannelState extends ChannelProperties {
  channel_id: number;
  /** The name folded for case-insensitive uniqueness. */
  name_key: string;
  /** Milliseconds since the epoch, from the creating event's metadata. */
  date_created: number;
  creator_id: number | null;
  is_archived: boolean;
  settings: ChannelGroupSettings;
  /** The oldest message still in the channel, once messages exist. */
  first_message_id: number | null;
}

export interface SubscriptionState extends SubscriptionProperties {
  user_id: number;
  channel_id: number;
  active: boolean;
}

export const subscriptionKey = (userId: number, channelId: number): string => `${userId}:${channelId}`;

/** Folds a channel name for uniqueness: names differing only in case are the same channel. */
export const channelNameKey = (name: string): string => name.normalize('NFC').toLowerCase();
