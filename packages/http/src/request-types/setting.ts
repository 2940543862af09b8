// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface SettingsUpdateRequest {
full_name?: string
email?: string
old_password?: string
new_password?: string
twenty_four_hour_time?: boolean
web_mark_read_on_scroll_policy?: (1 | 2 | 3)
web_channel_default_view?: (1 | 2 | 4)
starred_message_counts?: boolean
receives_typing_notifications?: boolean
web_suggest_update_timezone?: boolean
fluid_layout_width?: boolean
high_contrast_mode?: boolean
web_font_size_px?: number
web_line_height_percent?: number
color_scheme?: (1 | 2 | 3)
enable_drafts_synchronization?: boolean
translate_emoticons?: boolean
display_emoji_reaction_users?: boolean
default_language?: string
web_home_view?: ("recent_topics" | "inbox" | "all_messages")
web_escape_navigates_to_home_view?: boolean
left_side_userlist?: boolean
emojiset?: ("google" | "twitter" | "text")
demote_inactive_streams?: (1 | 2 | 3)
user_list_style?: (1 | 2 | 3)
web_animate_image_previews?: ("always" | "on_hover" | "never")
web_stream_unreads_count_display_policy?: (1 | 2 | 3)
hide_ai_features?: boolean
web_left_sidebar_show_channel_folders?: boolean
web_left_sidebar_unreads_count_summary?: boolean
timezone?: string
enable_stream_desktop_notifications?: boolean
enable_stream_email_notifications?: boolean
enable_stream_push_notifications?: boolean
enable_stream_audible_notifications?: boolean
notification_sound?: string
enable_desktop_notifications?: boolean
enable_sounds?: boolean
email_notifications_batching_period_seconds?: number
enable_offline_email_notifications?: boolean
enable_offline_push_notifications?: boolean
enable_online_push_notifications?: boolean
enable_followed_topic_desktop_notifications?: boolean
enable_followed_topic_email_notifications?: boolean
enable_followed_topic_push_notifications?: boolean
enable_followed_topic_audible_notifications?: boolean
enable_digest_emails?: boolean
enable_marketing_emails?: boolean
enable_login_emails?: boolean
message_content_in_email_notifications?: boolean
pm_content_in_desktop_notifications?: boolean
wildcard_mentions_notify?: boolean
enable_followed_topic_wildcard_mentions_notify?: boolean
desktop_icon_count_display?: (1 | 2 | 3 | 4)
realm_name_in_email_notifications_policy?: (1 | 2 | 3)
automatically_follow_topics_policy?: (1 | 2 | 3 | 4)
automatically_unmute_topics_in_muted_streams_policy?: (1 | 2 | 3 | 4)
automatically_follow_topics_where_mentioned?: boolean
resolved_topic_notice_auto_read_policy?: ("always" | "except_followed" | "never")
presence_enabled?: boolean
enter_sends?: boolean
send_private_typing_notifications?: boolean
send_stream_typing_notifications?: boolean
send_read_receipts?: boolean
allow_private_data_export?: boolean
email_address_visibility?: (1 | 2 | 3 | 4 | 5)
web_navigate_to_sent_message?: boolean
}

export interface SettingRequestTypes {
  'settings-update': SettingsUpdateRequest;
}

export interface SettingRequestPathNames {
  'settings-update': never;
}
