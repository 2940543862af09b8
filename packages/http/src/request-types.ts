// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.
/* eslint-disable */

export interface AlertWordsAddRequest {
alert_words: string[]
}
export interface AlertWordsRemoveRequest {
alert_words: string[]
}
export interface ApiKeyRegenerateRequest {
}
export interface AttachmentDeleteRequest {
attachment_id: number
}
export interface AuditAsOfRequest {
position?: number
at?: string
}
export interface AuditChannelReadersRequest {
stream_id: number
position?: number
at?: string
}
export interface AuditMessageRequest {
message_id: number
position?: number
at?: string
}
export interface AuditTrailRequest {
actor?: ((number | string)[] | string | number)
user_id?: number
stream_id?: number
kind?: (string[] | string)
since?: string
until?: string
after?: number
to_position?: number
limit?: number
}
export interface AuditUserPermissionsRequest {
user_id: number
position?: number
at?: string
}
export interface BotCreateRequest {
full_name: string
short_name: string
bot_type?: number
payload_url?: string
service_name?: string
config_data?: {
[k: string]: string | undefined
}
interface_type?: number
default_sending_stream?: string
default_events_register_stream?: string
default_all_public_streams?: boolean
}
export interface BotIdRequest {
bot_id: number
}
export interface BotStorageGetRequest {
keys?: string[]
}
export interface BotStoragePutRequest {
storage: {
}
}
export interface BotStorageRemoveRequest {
keys?: string[]
}
export interface BotUpdateRequest {
bot_id: number
full_name?: string
role?: (100 | 200 | 300 | 400 | 600)
bot_owner_id?: number
config_data?: {
[k: string]: string | undefined
}
service_payload_url?: string
service_interface?: number
default_sending_stream?: string
default_events_register_stream?: string
default_all_public_streams?: boolean
}
export interface ChannelCreateRequest {
name: string
description?: string
subscribers: number[]
announce?: boolean
invite_only?: boolean
is_web_public?: boolean
is_default_stream?: boolean
history_public_to_subscribers?: boolean
message_retention_days?: (string | number)
topics_policy?: ("inherit" | "allow_empty_topic" | "disable_empty_topic" | "empty_topic_only")
can_add_subscribers_group?: (number | {
})
can_remove_subscribers_group?: (number | {
})
can_administer_channel_group?: (number | {
})
can_delete_any_message_group?: (number | {
})
can_delete_own_message_group?: (number | {
})
can_move_messages_out_of_channel_group?: (number | {
})
can_move_messages_within_channel_group?: (number | {
})
can_send_message_group?: (number | {
})
can_subscribe_group?: (number | {
})
can_resolve_topics_group?: (number | {
})
folder_id?: number
send_new_subscription_messages?: boolean
}
export interface ChannelFolderCreateRequest {
name?: string
description?: string
}
export interface ChannelFolderUpdateRequest {
channel_folder_id: number
name?: string
description?: string
is_archived?: boolean
}
export interface ChannelFoldersListRequest {
include_archived?: boolean
}
export interface ChannelFoldersReorderRequest {
order?: number[]
}
export interface ChannelTopicsGetRequest {
stream_id: number
allow_empty_topic_name?: boolean
}
export interface DefaultStreamRequest {
stream_id: number
}
export interface DraftDeleteRequest {
draft_id: number
}
export interface DraftEditRequest {
draft_id: number
draft: {
type: ("" | "stream" | "private")
to: number[]
topic: string
content: string
timestamp?: number
id?: number
}
}
export interface DraftsCreateRequest {
drafts?: {
type: ("" | "stream" | "private")
to: number[]
topic: string
content: string
timestamp?: number
id?: number
}[]
}
export interface EmailConfirmPageRequest {
token: string
}
export interface EmailInviteResendRequest {
invite_id: number
}
export interface EmailInviteRevokeRequest {
invite_id: number
}
export interface EmptyRequest {
}
export interface EventsDeleteRequest {
queue_id: string
}
export interface EventsGetRequest {
queue_id: string
last_event_id?: number
dont_block?: boolean
}
export interface ExportEventsRequest {
from_position?: string
to_position?: string
since?: string
until?: string
stream?: (string[] | string)
category?: (string[] | string)
type?: (string[] | string)
actor?: ((number | string)[] | string | number)
include_secrets?: boolean
original?: boolean
}
export interface ExportRealmCreateRequest {
export_type?: (1 | 2)
}
export interface ExportRealmDeleteRequest {
export_id: number
}
export interface ExternalWebhookRequest {
integration: string
api_key?: string
stream?: string
topic?: string
branches?: string
only_events?: string[]
exclude_events?: string[]
use_merge_request_title?: string
name?: string
desc?: string
payload?: string
}
export interface FetchApiKeyRequest {
username: string
password: string
}
export interface InviteJoinPageRequest {
key: string
}
export interface InviteLinkAcceptRequest {
key: string
email: string
password: string
full_name: string
}
export interface InviteLinkCreateRequest {
invite_expires_in_minutes?: (number | null)
invite_as?: number
stream_ids?: number[]
group_ids?: number[]
include_realm_default_subscriptions?: boolean
welcome_message_custom_text?: string
}
export interface InviteLinkRevokeRequest {
invite_id: number
}
export interface InvitesListRequest {
}
export interface InvitesSendRequest {
invitee_emails: string
invite_expires_in_minutes?: (number | null)
invite_as?: number
stream_ids: number[]
group_ids?: number[]
include_realm_default_subscriptions?: boolean
welcome_message_custom_text?: string
notify_referrer_on_join?: boolean
}
export interface LinkifierAddRequest {
pattern?: string
url_template?: string
}
export interface LinkifierRemoveRequest {
filter_id: number
}
export interface LinkifierUpdateRequest {
filter_id: number
pattern?: string
url_template?: string
}
export interface LinkifiersReorderRequest {
ordered_linkifier_ids?: number[]
}
export interface MarkStreamAsReadRequest {
stream_id: number
}
export interface MarkTopicAsReadRequest {
stream_id: number
topic_name: string
}
export interface MessageDeleteRequest {
message_id: number
}
export interface MessageEditTypingRequest {
message_id: number
op: ("start" | "stop")
}
export interface MessageFlagsNarrowRequest {
anchor: (string | number)
include_anchor?: boolean
num_before: number
num_after: number
narrow: (unknown[] | null)
op: string
flag: string
}
export interface MessageFlagsUpdateRequest {
messages: number[]
op: string
flag: string
}
export interface MessageGetRequest {
message_id: number
apply_markdown?: boolean
client_gravatar?: boolean
allow_empty_topic_name?: boolean
}
export interface MessageHistoryGetRequest {
message_id: number
allow_empty_topic_name?: boolean
}
export interface MessageRenderRequest {
content: string
}
export interface MessageReportRequest {
report_type: ("spam" | "harassment" | "inappropriate" | "norms" | "other")
description?: string
}
export interface MessageUpdateRequest {
message_id: number
topic?: string
subject?: string
propagate_mode?: ("change_one" | "change_later" | "change_all")
send_notification_to_old_thread?: boolean
send_notification_to_new_thread?: boolean
content?: string
prev_content_sha256?: string
stream_id?: number
}
export interface MessagesGetRequest {
anchor?: (string | number)
include_anchor?: boolean
num_before?: number
num_after?: number
narrow?: (unknown[] | {
})[]
message_ids?: number[]
client_gravatar?: boolean
apply_markdown?: boolean
use_first_unread_anchor?: boolean
allow_empty_topic_name?: boolean
}
export interface MessagesMatchesNarrowRequest {
msg_ids: number[]
narrow: (unknown[] | {
})[]
}
export interface MessagesSendRequest {
type: ("direct" | "private" | "stream" | "channel")
to: (string | number | (number | string)[])
topic?: string
subject?: string
content: string
queue_id?: string
local_id?: string
read_by_sender?: boolean
}
export interface MutedTopicUpdateRequest {
stream_id?: number
stream?: string
topic: string
op: ("add" | "remove")
}
export interface MutedUserRequest {
muted_user_id: number
}
export interface NavigationViewAddRequest {
fragment: string
is_pinned: boolean
name?: string
}
export interface NavigationViewRemoveRequest {
/**
 * @minItems 1
 */
fragment: [string, ...(string)[]]
}
export interface NavigationViewUpdateRequest {
/**
 * @minItems 1
 */
fragment: [string, ...(string)[]]
is_pinned?: boolean
name?: string
}
export interface PlaygroundAddRequest {
name?: string
pygments_language?: string
url_template?: string
}
export interface PlaygroundRemoveRequest {
playground_id: number
}
export interface PresenceUpdateRequest {
status: ("active" | "idle")
ping_only?: boolean
new_user_input?: boolean
slim_presence?: boolean
last_update_id?: number
history_limit_days?: number
}
export interface PresenceUserGetRequest {
user_id_or_email: string
}
export interface ProfileFieldCreateRequest {
name: string
hint?: string
field_type: (1 | 2)
}
export interface ProfileFieldDeleteRequest {
field_id: number
}
export interface ProfileFieldUpdateRequest {
field_id: number
name?: string
hint?: string
display_in_profile_summary?: boolean
required?: boolean
editable_by_user?: boolean
}
export interface ProfileFieldsReorderRequest {
order: number[]
}
export interface PushDeviceRegisterRequest {
token_kind: ("fcm" | "apns")
push_account_id: number
push_public_key: string
bouncer_public_key: string
encrypted_push_registration: string
}
export interface PushE2EeTestNotificationRequest {
push_account_id?: number
}
export interface PushTestNotificationRequest {
token?: string
}
export interface PushTokenApnsAddRequest {
token: string
appid: string
}
export interface PushTokenRequest {
token: string
}
export interface ReactionAddRequest {
message_id: number
emoji_name: string
emoji_code?: string
reaction_type?: string
}
export interface ReactionRemoveRequest {
message_id: number
emoji_name?: string
emoji_code?: string
reaction_type?: string
}
export interface ReadModelDigestRequest {
model?: string
}
export interface ReadReceiptsGetRequest {
message_id: number
}
export interface RealmEmojiDeactivateRequest {
emoji_name: string
}
export interface RealmEmojiImagePageRequest {
realm: string
file: string
}
export interface RealmEmojiUploadRequest {
emoji_name: string
}
export interface RealmUpdateRequest {
name?: string
description?: string
name_changes_disabled?: boolean
email_changes_disabled?: boolean
allow_message_editing?: boolean
message_content_edit_limit_seconds?: (number | string)
move_messages_within_stream_limit_seconds?: (number | string)
move_messages_between_streams_limit_seconds?: (number | string)
message_content_delete_limit_seconds?: (number | string)
topics_policy?: string
default_language?: string
waiting_period_threshold?: number
invite_required?: boolean
message_retention_days?: (number | string)
can_create_groups?: {
new: (number | {
})
old?: (number | {
})
}
can_manage_all_groups?: {
new: (number | {
})
old?: (number | {
})
}
can_mention_many_users_group?: {
new: (number | {
})
old?: (number | {
})
}
can_resolve_topics_group?: {
new: (number | {
})
old?: (number | {
})
}
can_move_messages_between_channels_group?: {
new: (number | {
})
old?: (number | {
})
}
can_move_messages_between_topics_group?: {
new: (number | {
})
old?: (number | {
})
}
can_invite_users_group?: {
new: (number | {
})
old?: (number | {
})
}
can_add_subscribers_group?: {
new: (number | {
})
old?: (number | {
})
}
can_create_public_channel_group?: {
new: (number | {
})
old?: (number | {
})
}
can_create_private_channel_group?: {
new: (number | {
})
old?: (number | {
})
}
direct_message_initiator_group?: {
new: (number | {
})
old?: (number | {
})
}
direct_message_permission_group?: {
new: (number | {
})
old?: (number | {
})
}
can_delete_any_message_group?: {
new: (number | {
})
old?: (number | {
})
}
can_delete_own_message_group?: {
new: (number | {
})
old?: (number | {
})
}
can_add_custom_emoji_group?: {
new: (number | {
})
old?: (number | {
})
}
message_edit_history_visibility_policy?: string
enable_read_receipts?: boolean
new_stream_announcements_stream_id?: number
moderation_request_channel_id?: number
can_create_bots_group?: {
new: (number | {
})
old?: (number | {
})
}
can_create_write_only_bots_group?: {
new: (number | {
})
old?: (number | {
})
}
}
export interface RegisterRequest {
apply_markdown?: boolean
client_gravatar?: boolean
include_subscribers?: ("true" | "false" | "partial" | true | false)
slim_presence?: boolean
presence_history_limit_days?: number
event_types?: string[]
fetch_event_types?: string[]
all_public_streams?: boolean
client_capabilities?: {
notification_settings_null?: boolean
bulk_message_deletion?: boolean
user_avatar_url_field_optional?: boolean
stream_typing_notifications?: boolean
user_settings_object?: boolean
linkifier_url_template?: boolean
user_list_incomplete?: boolean
include_deactivated_groups?: boolean
archived_channels?: boolean
empty_topic_name?: boolean
simplified_presence_events?: boolean
}
narrow?: ([unknown, unknown] | {
})[]
queue_lifespan_secs?: number
include_streams?: boolean
}
export interface ReminderCreateRequest {
message_id: number
scheduled_delivery_timestamp: number
note?: string
}
export interface ReminderDeleteRequest {
reminder_id: number
}
export interface RetentionSweepRequest {
sweep_id?: number
}
export interface SavedSnippetCreateRequest {
title: string
content: string
}
export interface SavedSnippetDeleteRequest {
saved_snippet_id: number
}
export interface SavedSnippetEditRequest {
saved_snippet_id: number
title?: string
content?: string
}
export interface ScheduledMessageCreateRequest {
type: ("direct" | "private" | "channel" | "stream")
to: (number | [number, ...(number)[]])
content: string
topic?: string
scheduled_delivery_timestamp: number
read_by_sender?: boolean
}
export interface ScheduledMessageDeleteRequest {
scheduled_message_id: number
}
export interface ScheduledMessageUpdateRequest {
scheduled_message_id: number
type?: ("direct" | "private" | "channel" | "stream")
to?: (number | [number, ...(number)[]])
content?: string
topic?: string
scheduled_delivery_timestamp?: number
}
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
export interface StreamArchiveRequest {
stream_id: number
}
export interface StreamEmailAddressGetRequest {
stream_id: number
sender_id?: number
}
export interface StreamGetRequest {
stream_id: number
}
export interface StreamIdGetRequest {
stream: string
}
export interface StreamMembersGetRequest {
stream_id: number
}
export interface StreamUpdateRequest {
stream_id: number
new_name?: string
description?: string
is_private?: boolean
is_web_public?: boolean
history_public_to_subscribers?: boolean
message_retention_days?: (string | number)
topics_policy?: ("inherit" | "allow_empty_topic" | "disable_empty_topic" | "empty_topic_only")
folder_id?: (number | null)
is_archived?: boolean
is_default_stream?: boolean
can_add_subscribers_group?: {
new: (number | {
})
old?: (number | {
})
}
can_remove_subscribers_group?: {
new: (number | {
})
old?: (number | {
})
}
can_administer_channel_group?: {
new: (number | {
})
old?: (number | {
})
}
can_delete_any_message_group?: {
new: (number | {
})
old?: (number | {
})
}
can_delete_own_message_group?: {
new: (number | {
})
old?: (number | {
})
}
can_move_messages_out_of_channel_group?: {
new: (number | {
})
old?: (number | {
})
}
can_move_messages_within_channel_group?: {
new: (number | {
})
old?: (number | {
})
}
can_send_message_group?: {
new: (number | {
})
old?: (number | {
})
}
can_subscribe_group?: {
new: (number | {
})
old?: (number | {
})
}
can_resolve_topics_group?: {
new: (number | {
})
old?: (number | {
})
}
}
export interface StreamsGetRequest {
include_public?: boolean
include_web_public?: boolean
include_subscribed?: boolean
exclude_archived?: boolean
include_all_active?: boolean
include_all?: boolean
include_default?: boolean
include_owner_subscribed?: boolean
include_can_access_content?: boolean
}
export interface SubscribeRequest {
subscriptions: {
name: string
description?: string
}[]
principals?: (number | string)[]
authorization_errors_fatal?: boolean
announce?: boolean
invite_only?: boolean
is_web_public?: boolean
is_default_stream?: boolean
history_public_to_subscribers?: boolean
message_retention_days?: (string | number)
topics_policy?: ("inherit" | "allow_empty_topic" | "disable_empty_topic" | "empty_topic_only")
can_add_subscribers_group?: (number | {
})
can_remove_subscribers_group?: (number | {
})
can_administer_channel_group?: (number | {
})
can_delete_any_message_group?: (number | {
})
can_delete_own_message_group?: (number | {
})
can_move_messages_out_of_channel_group?: (number | {
})
can_move_messages_within_channel_group?: (number | {
})
can_send_message_group?: (number | {
})
can_subscribe_group?: (number | {
})
can_resolve_topics_group?: (number | {
})
folder_id?: number
send_new_subscription_messages?: boolean
}
export interface SubscriptionPropertiesUpdateRequest {
subscription_data: {
stream_id: number
property: string
value: unknown
}[]
}
export interface SubscriptionStatusGetRequest {
user_id: number
stream_id: number
}
export interface SubscriptionsGetRequest {
include_subscribers?: ("true" | "false" | "partial" | true | false)
}
export interface SubscriptionsUpdateRequest {
add?: {
name: string
description?: string
}[]
delete?: string[]
}
export interface TopicDeleteRequest {
stream_id: number
topic_name: string
}
export interface TypingRequest {
type?: ("direct" | "stream" | "channel" | "private")
op: ("start" | "stop")
to?: number[]
stream_id?: number
topic?: string
}
export interface UnsubscribeRequest {
subscriptions: string[]
principals?: (number | string)[]
}
export interface UploadDownloadPageRequest {
path: string[]
}
export interface UploadTemporaryPageRequest {
token: string
filename: string
}
export interface UploadTemporaryUrlRequest {
realm_id_str: number
/**
 * @minItems 1
 */
filename: [string, ...(string)[]]
}
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
})
can_join_group?: (number | {
})
can_leave_group?: (number | {
})
can_manage_group?: (number | {
})
can_mention_group?: (number | {
})
can_remove_members_group?: (number | {
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
})
old?: (number | {
})
}
can_join_group?: {
new: (number | {
})
old?: (number | {
})
}
can_leave_group?: {
new: (number | {
})
old?: (number | {
})
}
can_manage_group?: {
new: (number | {
})
old?: (number | {
})
}
can_mention_group?: {
new: (number | {
})
old?: (number | {
})
}
can_remove_members_group?: {
new: (number | {
})
old?: (number | {
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
export interface WelcomeMessageTestRequest {
welcome_message_custom_text: string
}

/** Each request schema's parameters, by schema name. */
export interface RequestTypes {
  'alert-words-add': AlertWordsAddRequest;
  'alert-words-remove': AlertWordsRemoveRequest;
  'api-key-regenerate': ApiKeyRegenerateRequest;
  'attachment-delete': AttachmentDeleteRequest;
  'audit-as-of': AuditAsOfRequest;
  'audit-channel-readers': AuditChannelReadersRequest;
  'audit-message': AuditMessageRequest;
  'audit-trail': AuditTrailRequest;
  'audit-user-permissions': AuditUserPermissionsRequest;
  'bot-create': BotCreateRequest;
  'bot-id': BotIdRequest;
  'bot-storage-get': BotStorageGetRequest;
  'bot-storage-put': BotStoragePutRequest;
  'bot-storage-remove': BotStorageRemoveRequest;
  'bot-update': BotUpdateRequest;
  'channel-create': ChannelCreateRequest;
  'channel-folder-create': ChannelFolderCreateRequest;
  'channel-folder-update': ChannelFolderUpdateRequest;
  'channel-folders-list': ChannelFoldersListRequest;
  'channel-folders-reorder': ChannelFoldersReorderRequest;
  'channel-topics-get': ChannelTopicsGetRequest;
  'default-stream': DefaultStreamRequest;
  'draft-delete': DraftDeleteRequest;
  'draft-edit': DraftEditRequest;
  'drafts-create': DraftsCreateRequest;
  'email-confirm-page': EmailConfirmPageRequest;
  'email-invite-resend': EmailInviteResendRequest;
  'email-invite-revoke': EmailInviteRevokeRequest;
  'empty': EmptyRequest;
  'events-delete': EventsDeleteRequest;
  'events-get': EventsGetRequest;
  'export-events': ExportEventsRequest;
  'export-realm-create': ExportRealmCreateRequest;
  'export-realm-delete': ExportRealmDeleteRequest;
  'external-webhook': ExternalWebhookRequest;
  'fetch-api-key': FetchApiKeyRequest;
  'invite-join-page': InviteJoinPageRequest;
  'invite-link-accept': InviteLinkAcceptRequest;
  'invite-link-create': InviteLinkCreateRequest;
  'invite-link-revoke': InviteLinkRevokeRequest;
  'invites-list': InvitesListRequest;
  'invites-send': InvitesSendRequest;
  'linkifier-add': LinkifierAddRequest;
  'linkifier-remove': LinkifierRemoveRequest;
  'linkifier-update': LinkifierUpdateRequest;
  'linkifiers-reorder': LinkifiersReorderRequest;
  'mark-stream-as-read': MarkStreamAsReadRequest;
  'mark-topic-as-read': MarkTopicAsReadRequest;
  'message-delete': MessageDeleteRequest;
  'message-edit-typing': MessageEditTypingRequest;
  'message-flags-narrow': MessageFlagsNarrowRequest;
  'message-flags-update': MessageFlagsUpdateRequest;
  'message-get': MessageGetRequest;
  'message-history-get': MessageHistoryGetRequest;
  'message-render': MessageRenderRequest;
  'message-report': MessageReportRequest;
  'message-update': MessageUpdateRequest;
  'messages-get': MessagesGetRequest;
  'messages-matches-narrow': MessagesMatchesNarrowRequest;
  'messages-send': MessagesSendRequest;
  'muted-topic-update': MutedTopicUpdateRequest;
  'muted-user': MutedUserRequest;
  'navigation-view-add': NavigationViewAddRequest;
  'navigation-view-remove': NavigationViewRemoveRequest;
  'navigation-view-update': NavigationViewUpdateRequest;
  'playground-add': PlaygroundAddRequest;
  'playground-remove': PlaygroundRemoveRequest;
  'presence-update': PresenceUpdateRequest;
  'presence-user-get': PresenceUserGetRequest;
  'profile-field-create': ProfileFieldCreateRequest;
  'profile-field-delete': ProfileFieldDeleteRequest;
  'profile-field-update': ProfileFieldUpdateRequest;
  'profile-fields-reorder': ProfileFieldsReorderRequest;
  'push-device-register': PushDeviceRegisterRequest;
  'push-e2ee-test-notification': PushE2EeTestNotificationRequest;
  'push-test-notification': PushTestNotificationRequest;
  'push-token-apns-add': PushTokenApnsAddRequest;
  'push-token': PushTokenRequest;
  'reaction-add': ReactionAddRequest;
  'reaction-remove': ReactionRemoveRequest;
  'read-model-digest': ReadModelDigestRequest;
  'read-receipts-get': ReadReceiptsGetRequest;
  'realm-emoji-deactivate': RealmEmojiDeactivateRequest;
  'realm-emoji-image-page': RealmEmojiImagePageRequest;
  'realm-emoji-upload': RealmEmojiUploadRequest;
  'realm-update': RealmUpdateRequest;
  'register': RegisterRequest;
  'reminder-create': ReminderCreateRequest;
  'reminder-delete': ReminderDeleteRequest;
  'retention-sweep': RetentionSweepRequest;
  'saved-snippet-create': SavedSnippetCreateRequest;
  'saved-snippet-delete': SavedSnippetDeleteRequest;
  'saved-snippet-edit': SavedSnippetEditRequest;
  'scheduled-message-create': ScheduledMessageCreateRequest;
  'scheduled-message-delete': ScheduledMessageDeleteRequest;
  'scheduled-message-update': ScheduledMessageUpdateRequest;
  'settings-update': SettingsUpdateRequest;
  'stream-archive': StreamArchiveRequest;
  'stream-email-address-get': StreamEmailAddressGetRequest;
  'stream-get': StreamGetRequest;
  'stream-id-get': StreamIdGetRequest;
  'stream-members-get': StreamMembersGetRequest;
  'stream-update': StreamUpdateRequest;
  'streams-get': StreamsGetRequest;
  'subscribe': SubscribeRequest;
  'subscription-properties-update': SubscriptionPropertiesUpdateRequest;
  'subscription-status-get': SubscriptionStatusGetRequest;
  'subscriptions-get': SubscriptionsGetRequest;
  'subscriptions-update': SubscriptionsUpdateRequest;
  'topic-delete': TopicDeleteRequest;
  'typing': TypingRequest;
  'unsubscribe': UnsubscribeRequest;
  'upload-download-page': UploadDownloadPageRequest;
  'upload-temporary-page': UploadTemporaryPageRequest;
  'upload-temporary-url': UploadTemporaryUrlRequest;
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
  'welcome-message-test': WelcomeMessageTestRequest;
}

/** The names of each request schema's path parameters. */
export interface RequestPathNames {
  'alert-words-add': never;
  'alert-words-remove': never;
  'api-key-regenerate': never;
  'attachment-delete': 'attachment_id';
  'audit-as-of': never;
  'audit-channel-readers': 'stream_id';
  'audit-message': 'message_id';
  'audit-trail': never;
  'audit-user-permissions': 'user_id';
  'bot-create': never;
  'bot-id': 'bot_id';
  'bot-storage-get': never;
  'bot-storage-put': never;
  'bot-storage-remove': never;
  'bot-update': 'bot_id';
  'channel-create': never;
  'channel-folder-create': never;
  'channel-folder-update': 'channel_folder_id';
  'channel-folders-list': never;
  'channel-folders-reorder': never;
  'channel-topics-get': 'stream_id';
  'default-stream': never;
  'draft-delete': 'draft_id';
  'draft-edit': 'draft_id';
  'drafts-create': never;
  'email-confirm-page': 'token';
  'email-invite-resend': 'invite_id';
  'email-invite-revoke': 'invite_id';
  'empty': never;
  'events-delete': never;
  'events-get': never;
  'export-events': never;
  'export-realm-create': never;
  'export-realm-delete': 'export_id';
  'external-webhook': 'integration';
  'fetch-api-key': never;
  'invite-join-page': 'key';
  'invite-link-accept': never;
  'invite-link-create': never;
  'invite-link-revoke': 'invite_id';
  'invites-list': never;
  'invites-send': never;
  'linkifier-add': never;
  'linkifier-remove': 'filter_id';
  'linkifier-update': 'filter_id';
  'linkifiers-reorder': never;
  'mark-stream-as-read': never;
  'mark-topic-as-read': never;
  'message-delete': 'message_id';
  'message-edit-typing': 'message_id';
  'message-flags-narrow': never;
  'message-flags-update': never;
  'message-get': 'message_id';
  'message-history-get': 'message_id';
  'message-render': never;
  'message-report': never;
  'message-update': 'message_id';
  'messages-get': never;
  'messages-matches-narrow': never;
  'messages-send': never;
  'muted-topic-update': never;
  'muted-user': 'muted_user_id';
  'navigation-view-add': never;
  'navigation-view-remove': 'fragment';
  'navigation-view-update': 'fragment';
  'playground-add': never;
  'playground-remove': 'playground_id';
  'presence-update': never;
  'presence-user-get': 'user_id_or_email';
  'profile-field-create': never;
  'profile-field-delete': 'field_id';
  'profile-field-update': 'field_id';
  'profile-fields-reorder': never;
  'push-device-register': never;
  'push-e2ee-test-notification': never;
  'push-test-notification': never;
  'push-token-apns-add': never;
  'push-token': never;
  'reaction-add': 'message_id';
  'reaction-remove': 'message_id';
  'read-model-digest': never;
  'read-receipts-get': 'message_id';
  'realm-emoji-deactivate': 'emoji_name';
  'realm-emoji-image-page': 'realm' | 'file';
  'realm-emoji-upload': 'emoji_name';
  'realm-update': never;
  'register': never;
  'reminder-create': never;
  'reminder-delete': 'reminder_id';
  'retention-sweep': never;
  'saved-snippet-create': never;
  'saved-snippet-delete': 'saved_snippet_id';
  'saved-snippet-edit': 'saved_snippet_id';
  'scheduled-message-create': never;
  'scheduled-message-delete': 'scheduled_message_id';
  'scheduled-message-update': 'scheduled_message_id';
  'settings-update': never;
  'stream-archive': 'stream_id';
  'stream-email-address-get': 'stream_id';
  'stream-get': 'stream_id';
  'stream-id-get': never;
  'stream-members-get': 'stream_id';
  'stream-update': 'stream_id';
  'streams-get': never;
  'subscribe': never;
  'subscription-properties-update': never;
  'subscription-status-get': 'user_id' | 'stream_id';
  'subscriptions-get': never;
  'subscriptions-update': never;
  'topic-delete': 'stream_id';
  'typing': never;
  'unsubscribe': never;
  'upload-download-page': 'path';
  'upload-temporary-page': 'token' | 'filename';
  'upload-temporary-url': 'realm_id_str' | 'filename';
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
  'welcome-message-test': never;
}
