import type { SubscriptionProperties } from '../channels/channel-state.js';
import { FlagBit } from '../messages/message-flags.js';
import { isMutedConversation } from '../messages/unread-muting.js';
import { VisibilityPolicy } from '../messages/visibility-policy.js';
import type { UserSettings } from '../settings/user-settings.js';

/** Why a receiver gets a push, in the order the rules look for one (the strongest reason wins). */
export type PushTrigger =
  | 'direct_message'
  | 'mentioned'
  | 'alert_word'
  | 'wildcard_mentioned_in_followed_topic'
  | 'wildcard_mentioned'
  | 'followed_topic'
  | 'channel';

/** The user settings the rules read. */
export type PushSettings = Pick<
  UserSettings,
  | 'enable_offline_push_notifications'
  | 'enable_online_push_notifications'
  | 'enable_stream_push_notifications'
  | 'enable_followed_topic_push_notifications'
  | 'wildcard_mentions_notify'
  | 'enable_followed_topic_wildcard_mentions_notify'
>;

/** A receiver's side of a channel message: their subscription (null once unsubscribed) and the topic's policy. */
export interface PushChannelView {
  subscription: Pick<SubscriptionProperties, 'is_muted' | 'push_notifications' | 'wildcard_mentions_notify'> | null;
  /** The API's number (VisibilityPolicy); Inherit when the user set none. */
  visibility_policy: number;
}

export interface PushReceiver {
  is_bot: boolean;
  is_active: boolean;
  settings: PushSettings;
  /** The receiver's flag bits for the message now (FlagBit). */
  flags: number;
  /** null for a direct message. */
  channel: PushChannelView | null;
}

const WILDCARD_BITS = FlagBit.stream_wildcard_mentioned | FlagBit.topic_wildcard_mentioned;

/**
 * Whether a receiver should be pushed a message, and why; null for no push. Bots and deactivated users
 * never are, nor is a message already read. Direct messages, personal mentions and alert words follow
 * `enable_offline_push_notifications`; personal mentions and direct messages get through muting, as on
 * the public server, while a muted channel or topic silences everything else. Wildcard mentions notify
 * like a personal mention when the subscription's `wildcard_mentions_notify` (null: the user's) says
 * so, or in a followed topic when `enable_followed_topic_wildcard_mentions_notify` does. Otherwise a
 * followed topic follows `enable_followed_topic_push_notifications`, and a channel the subscription's
 * `push_notifications` (null: `enable_stream_push_notifications`).
 */
export function pushTrigger(receiver: PushReceiver): PushTrigger | null {
  const { settings, flags, channel } = receiver;
  if (receiver.is_bot || !receiver.is_active || (flags & FlagBit.read) !== 0) return null;
  const personal = settings.enable_offline_push_notifications;
  if (channel === null) return personal ? 'direct_message' : null;
  if (personal && (flags & FlagBit.mentioned) !== 0) return 'mentioned';
  const subscription = channel.subscription;
  if (subscription === null || isMutedConversation(subscription.is_muted, channel.visibility_policy)) return null;
  if (personal && (flags & FlagBit.has_alert_word) !== 0) return 'alert_word';
  const followed = channel.visibility_policy === VisibilityPolicy.Followed;
  if (personal && (flags & WILDCARD_BITS) !== 0) {
    if (followed && settings.enable_followed_topic_wildcard_mentions_notify) return 'wildcard_mentioned_in_followed_topic';
    if (subscription.wildcard_mentions_notify ?? settings.wildcard_mentions_notify) return 'wildcard_mentioned';
  }
  if (followed && settings.enable_followed_topic_push_notifications) return 'followed_topic';
  return (subscription.push_notifications ?? settings.enable_stream_push_notifications) ? 'channel' : null;
}

/** A receiver active on another client is pushed only with `enable_online_push_notifications`. */
export const pushesWhilePresent = (active: boolean, settings: PushSettings): boolean => !active || settings.enable_online_push_notifications;
