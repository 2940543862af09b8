// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

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
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_manage_all_groups?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_mention_many_users_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_resolve_topics_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_move_messages_between_channels_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_move_messages_between_topics_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_invite_users_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_add_subscribers_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_create_public_channel_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_create_private_channel_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
direct_message_initiator_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
direct_message_permission_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_delete_any_message_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_delete_own_message_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_add_custom_emoji_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
message_edit_history_visibility_policy?: string
enable_read_receipts?: boolean
new_stream_announcements_stream_id?: number
moderation_request_channel_id?: number
can_create_bots_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_create_write_only_bots_group?: {
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

export interface RealmRequestTypes {
  'realm-emoji-deactivate': RealmEmojiDeactivateRequest;
  'realm-emoji-image-page': RealmEmojiImagePageRequest;
  'realm-emoji-upload': RealmEmojiUploadRequest;
  'realm-update': RealmUpdateRequest;
}

export interface RealmRequestPathNames {
  'realm-emoji-deactivate': 'emoji_name';
  'realm-emoji-image-page': 'realm' | 'file';
  'realm-emoji-upload': 'emoji_name';
  'realm-update': never;
}
