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

/**
 * The settings clients without the user_settings_object capability find at the top level of register
 * (and hear of through the legacy events): the public API's fixed legacy lists. Settings added since
 * live only in `user_settings`.
 */
export const LEGACY_NOTIFICATION_SETTINGS: readonly UserSettingName[] = [
  'enable_desktop_notifications', 'enable_digest_emails', 'enable_login_emails', 'enable_marketing_emails',
  'email_notifications_batching_period_seconds', 'enable_offline_email_notifications', 'enable_offline_push_notifications',
  'enable_online_push_notifications', 'enable_sounds', 'enable_stream_desktop_notifications', 'enable_stream_email_notifications',
  'enable_stream_push_notifications', 'enable_stream_audible_notifications', 'wildcard_mentions_notify',
  'message_content_in_email_notifications', 'notification_sound', 'pm_content_in_desktop_notifications',
  'desktop_icon_count_display', 'realm_name_in_email_notifications_policy', 'presence_enabled',
];

export const LEGACY_DISPLAY_SETTINGS: readonly UserSettingName[] = [
  'color_scheme', 'default_language', 'demote_inactive_streams', 'emojiset', 'enable_drafts_synchronization',
  'fluid_layout_width', 'web_home_view', 'high_contrast_mode', 'left_side_userlist', 'starred_message_counts',
  'timezone', 'translate_emoticons', 'twenty_four_hour_time', 'receives_typing_notifications', 'enter_sends',
];

const LEGACY_SETTINGS: ReadonlySet<UserSettingName> = new Set([...LEGACY_NOTIFICATION_SETTINGS, ...LEGACY_DISPLAY_SETTINGS]);

export const isLegacySetting = (name: UserSettingName): boolean => LEGACY_SETTINGS.has(name);
