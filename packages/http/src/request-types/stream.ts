// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

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
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_remove_subscribers_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_administer_channel_group?: {
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
can_move_messages_out_of_channel_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_move_messages_within_channel_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_send_message_group?: {
new: (number | {
direct_members: number[]
direct_subgroups: number[]
})
old?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
}
can_subscribe_group?: {
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

export interface StreamRequestTypes {
  'stream-archive': StreamArchiveRequest;
  'stream-email-address-get': StreamEmailAddressGetRequest;
  'stream-get': StreamGetRequest;
  'stream-id-get': StreamIdGetRequest;
  'stream-members-get': StreamMembersGetRequest;
  'stream-update': StreamUpdateRequest;
  'streams-get': StreamsGetRequest;
}

export interface StreamRequestPathNames {
  'stream-archive': 'stream_id';
  'stream-email-address-get': 'stream_id';
  'stream-get': 'stream_id';
  'stream-id-get': never;
  'stream-members-get': 'stream_id';
  'stream-update': 'stream_id';
  'streams-get': never;
}
