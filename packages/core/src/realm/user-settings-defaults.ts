import type { RealmUserSettingsDefaultsChanged } from '../events/user-defaults-events.js';
import { checkSettingValue } from '../settings/update-settings.js';
import type { UserSettingName, UserSettings } from '../settings/user-settings.js';
import type { UserState } from '../users/user-state.js';
import { requireOrganizationAdministrator } from './organization-admin.js';

/**
 * The personal settings an organization may preset for new users (PATCH /realm/user_settings_defaults):
 * preferences only, not what identifies a person (time zone, language) or concerns consent and mail.
 */
export const USER_SETTINGS_DEFAULT_NAMES: readonly UserSettingName[] = [
  'starred_message_counts', 'receives_typing_notifications', 'web_suggest_update_timezone', 'fluid_layout_width',
  'high_contrast_mode', 'web_mark_read_on_scroll_policy', 'web_channel_default_view', 'web_font_size_px',
  'web_line_height_percent', 'color_scheme', 'enable_drafts_synchronization', 'translate_emoticons',
  'display_emoji_reaction_users', 'web_home_view', 'web_escape_navigates_to_home_view', 'left_side_userlist', 'emojiset',
  'demote_inactive_streams', 'user_list_style', 'web_animate_image_previews', 'web_stream_unreads_count_display_policy',
  'hide_ai_features', 'web_left_sidebar_show_channel_folders', 'web_left_sidebar_unreads_count_summary',
  'enable_stream_desktop_notifications', 'enable_stream_email_notifications', 'enable_stream_push_notifications',
  'enable_stream_audible_notifications', 'notification_sound', 'enable_desktop_notifications', 'enable_sounds',
  'enable_followed_topic_desktop_notifications', 'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications', 'enable_followed_topic_audible_notifications',
  'email_notifications_batching_period_seconds', 'enable_offline_email_notifications', 'enable_offline_push_notifications',
  'enable_online_push_notifications', 'enable_digest_emails', 'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications', 'wildcard_mentions_notify', 'enable_followed_topic_wildcard_mentions_notify',
  'desktop_icon_count_display', 'realm_name_in_email_notifications_policy', 'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy', 'automatically_follow_topics_where_mentioned',
  'resolved_topic_notice_auto_read_policy', 'presence_enabled', 'enter_sends', 'twenty_four_hour_time',
  'send_private_typing_notifications', 'send_stream_typing_notifications', 'send_read_receipts', 'email_address_visibility',
  'web_navigate_to_sent_message',
];

const PRESETTABLE: ReadonlySet<string> = new Set(USER_SETTINGS_DEFAULT_NAMES);

/**
 * An administrator changes what new users start with. Values are type-checked by the request schema;
 * the rules beyond types are those of PATCH /settings. Only values that differ are recorded.
 */
export function decideUpdateUserSettingsDefaults(
  actor: UserState,
  current: UserSettings,
  requested: Readonly<Record<string, unknown>>,
): RealmUserSettingsDefaultsChanged[] {
  requireOrganizationAdministrator(actor);
  const changes: Partial<Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(requested)) {
    if (!PRESETTABLE.has(name) || value === undefined) continue;
    checkSettingValue(name, value);
    if (current[name as UserSettingName] !== value) changes[name] = value;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'RealmUserSettingsDefaultsChanged', data: { changes: changes as Partial<UserSettings> } }];
}
