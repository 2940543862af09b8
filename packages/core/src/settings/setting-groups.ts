import type { UserSettingName } from './user-settings.js';

/**
 * Clients that predate the `user_settings` event receive two legacy events instead; which one a
 * setting belongs to decides the legacy event it travels in.
 */
export const NOTIFICATION_SETTINGS: ReadonlySet<UserSettingName> = new Set<UserSettingName>([
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_digest_emails',
  'enable_marketing_emails',
  'enable_login_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_wildcard_mentions_notify',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned',
  'presence_enabled',
]);

export const isNotificationSetting = (name: UserSettingName): boolean => NOTIFICATION_SETTINGS.has(name);
