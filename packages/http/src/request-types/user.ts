// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface UserDeactivateRequest {
user: number
deactivation_notification_comment?: string
}
export interface UserEraseRequest {
user_id: number
mode: ("with_messages" | "preserving_messages")
}
export interface UserGetRequest {
user: string
client_gravatar?: boolean
include_custom_profile_fields?: boolean
}
export interface UserGroupCreateRequest {
name: string
description: string
members: number[]
subgroups?: number[]
can_add_members_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_join_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_leave_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_manage_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_mention_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_remove_members_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
export interface UserGroupDeactivateRequest {
user_group_id: number
}
export interface UserGroupMemberGetRequest {
user_group_id: number
user_id: number
direct_member_only?: boolean
}
export interface UserGroupMembersGetRequest {
user_group_id: number
direct_member_only?: boolean
}
export interface UserGroupMembersUpdateRequest {
user_group_id: number
add?: number[]
delete?: number[]
add_subgroups?: number[]
delete_subgroups?: number[]
}
export interface UserGroupSubgroupsGetRequest {
user_group_id: number
direct_subgroup_only?: boolean
}
export interface UserGroupSubgroupsUpdateRequest {
user_group_id: number
add?: number[]
delete?: number[]
}
export interface UserGroupUpdateRequest {
user_group_id: number
name?: string
description?: string
deactivated?: boolean
can_add_members_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_join_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_leave_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_manage_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_mention_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_remove_members_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
}
export interface UserGroupsListRequest {
include_deactivated_groups?: boolean
}
export interface UserReactivateRequest {
user_id: number
}
export interface UserSettingsDefaultsUpdateRequest {
starred_message_counts?: boolean
receives_typing_notifications?: boolean
web_suggest_update_timezone?: boolean
fluid_layout_width?: boolean
high_contrast_mode?: boolean
web_mark_read_on_scroll_policy?: (1 | 2 | 3)
web_channel_default_view?: (1 | 2 | 4)
web_font_size_px?: number
web_line_height_percent?: number
color_scheme?: (1 | 2 | 3)
enable_drafts_synchronization?: boolean
translate_emoticons?: boolean
display_emoji_reaction_users?: boolean
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
enable_stream_desktop_notifications?: boolean
enable_stream_email_notifications?: boolean
enable_stream_push_notifications?: boolean
enable_stream_audible_notifications?: boolean
notification_sound?: string
enable_desktop_notifications?: boolean
enable_sounds?: boolean
enable_followed_topic_desktop_notifications?: boolean
enable_followed_topic_email_notifications?: boolean
enable_followed_topic_push_notifications?: boolean
enable_followed_topic_audible_notifications?: boolean
email_notifications_batching_period_seconds?: number
enable_offline_email_notifications?: boolean
enable_offline_push_notifications?: boolean
enable_online_push_notifications?: boolean
enable_digest_emails?: boolean
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
twenty_four_hour_time?: boolean
send_private_typing_notifications?: boolean
send_stream_typing_notifications?: boolean
send_read_receipts?: boolean
email_address_visibility?: (1 | 2 | 3 | 4 | 5)
web_navigate_to_sent_message?: boolean
}
export interface UserStatusGetRequest {
user_id: number
}
export interface UserStatusUpdateForUserRequest {
user_id: number
status_text?: string
emoji_name?: string
emoji_code?: string
reaction_type?: string
}
export interface UserStatusUpdateRequest {
away?: boolean
status_text?: string
emoji_name?: string
emoji_code?: string
reaction_type?: string
}
export interface UserTopicUpdateRequest {
stream_id: number
topic: string
visibility_policy: (0 | 1 | 2 | 3)
}
export interface UserUpdateRequest {
user: string
full_name?: string
role?: number
profile_data?: {
id: number
value: (string | null)
}[]
new_email?: string
}
export interface UserUploadRequest {
}
export interface UsersCreateRequest {
email: string
password: string
full_name: string
}
export interface UsersListRequest {
client_gravatar?: boolean
include_custom_profile_fields?: boolean
include_deactivated_users?: boolean
}

export interface UserRequestTypes {
  'user-deactivate': UserDeactivateRequest;
  'user-erase': UserEraseRequest;
  'user-get': UserGetRequest;
  'user-group-create': UserGroupCreateRequest;
  'user-group-deactivate': UserGroupDeactivateRequest;
  'user-group-member-get': UserGroupMemberGetRequest;
  'user-group-members-get': UserGroupMembersGetRequest;
  'user-group-members-update': UserGroupMembersUpdateRequest;
  'user-group-subgroups-get': UserGroupSubgroupsGetRequest;
  'user-group-subgroups-update': UserGroupSubgroupsUpdateRequest;
  'user-group-update': UserGroupUpdateRequest;
  'user-groups-list': UserGroupsListRequest;
  'user-reactivate': UserReactivateRequest;
  'user-settings-defaults-update': UserSettingsDefaultsUpdateRequest;
  'user-status-get': UserStatusGetRequest;
  'user-status-update-for-user': UserStatusUpdateForUserRequest;
  'user-status-update': UserStatusUpdateRequest;
  'user-topic-update': UserTopicUpdateRequest;
  'user-update': UserUpdateRequest;
  'user-upload': UserUploadRequest;
  'users-create': UsersCreateRequest;
  'users-list': UsersListRequest;
}

export interface UserRequestPathNames {
  'user-deactivate': 'user';
  'user-erase': 'user_id';
  'user-get': 'user';
  'user-group-create': never;
  'user-group-deactivate': 'user_group_id';
  'user-group-member-get': 'user_group_id' | 'user_id';
  'user-group-members-get': 'user_group_id';
  'user-group-members-update': 'user_group_id';
  'user-group-subgroups-get': 'user_group_id';
  'user-group-subgroups-update': 'user_group_id';
  'user-group-update': 'user_group_id';
  'user-groups-list': never;
  'user-reactivate': 'user_id';
  'user-settings-defaults-update': never;
  'user-status-get': 'user_id';
  'user-status-update-for-user': 'user_id';
  'user-status-update': never;
  'user-topic-update': never;
  'user-update': 'user';
  'user-upload': never;
  'users-create': never;
  'users-list': never;
}
