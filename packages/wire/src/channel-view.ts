import { type ChannelState, type GroupWorld, streamPostPolicy, type SubscriptionState, type UserSettings } from '@chat/core';
import { type ChannelTraffic, isRecentlyActive, NO_TRAFFIC, weeklyTraffic } from './channel-activity.js';

export interface ChannelViewInput {
  world: GroupWorld;
  channel: ChannelState;
  subscriberCount: number;
  /** The moment the view describes, ms: the request's time, or the event's in fan-out. */
  now: number;
  traffic?: ChannelTraffic;
}

/** A channel as clients receive it (GET /streams, register's streams, stream create). */
export function channelView({ world, channel, subscriberCount, now, traffic = NO_TRAFFIC }: ChannelViewInput): Record<string, unknown> {
  const postPolicy = streamPostPolicy(world, channel.settings);
  return {
    stream_id: channel.channel_id,
    name: channel.name,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: Math.floor(channel.date_created / 1000),
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    is_archived: channel.is_archived,
    stream_post_policy: postPolicy,
    is_announcement_only: postPolicy === 2,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    topics_policy: channel.topics_policy,
    first_message_id: channel.first_message_id,
    folder_id: channel.folder_id,
    is_recently_active: isRecentlyActive(channel.date_created, traffic, now),
    stream_weekly_traffic: weeklyTraffic(channel.date_created, traffic, now),
    subscriber_count: subscriberCount,
    ...channel.settings,
  };
}

/** The subscriber list fields, as include_subscribers asks (partial: the whole list, which always satisfies it). */
export function subscriberFields(subscribers: readonly number[], include: 'true' | 'false' | 'partial'): Record<string, unknown> {
  return include === 'false' ? {} : { subscribers: [...subscribers] };
}

/** One of a user's subscriptions (register's subscriptions / unsubscribed, GET /users/me/subscriptions, subscription add). */
export function subscriptionView(input: ChannelViewInput, sub: SubscriptionState): Record<string, unknown> {
  return {
    ...channelView(input),
    color: sub.color,
    pin_to_top: sub.pin_to_top,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    desktop_notifications: sub.desktop_notifications,
    email_notifications: sub.email_notifications,
    push_notifications: sub.push_notifications,
    audible_notifications: sub.audible_notifications,
    wildcard_mentions_notify: sub.wildcard_mentions_notify,
  };
}

/** Which user setting a subscription's null notification field follows. */
const NOTIFICATION_DEFAULTS = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  email_notifications: 'enable_stream_email_notifications',
  push_notifications: 'enable_stream_push_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const satisfies Record<string, keyof UserSettings>;

/**
 * For clients without notification_settings_null: a null (inherit) notification field is sent as the
 * user's current default instead.
 */
export function withNotificationDefaults(record: Record<string, unknown>, settings: UserSettings): Record<string, unknown> {
  const resolved = { ...record };
  for (const [field, setting] of Object.entries(NOTIFICATION_DEFAULTS)) {
    if (resolved[field] === null) resolved[field] = settings[setting];
  }
  return resolved;
}
