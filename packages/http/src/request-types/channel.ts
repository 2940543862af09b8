// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

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
direct_members: number[]
direct_subgroups: number[]
})
can_remove_subscribers_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_administer_channel_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_delete_any_message_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_delete_own_message_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_move_messages_out_of_channel_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_move_messages_within_channel_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_send_message_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_subscribe_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
})
can_resolve_topics_group?: (number | {
direct_members: number[]
direct_subgroups: number[]
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

export interface ChannelRequestTypes {
  'channel-create': ChannelCreateRequest;
  'channel-folder-create': ChannelFolderCreateRequest;
  'channel-folder-update': ChannelFolderUpdateRequest;
  'channel-folders-list': ChannelFoldersListRequest;
  'channel-folders-reorder': ChannelFoldersReorderRequest;
  'channel-topics-get': ChannelTopicsGetRequest;
}

export interface ChannelRequestPathNames {
  'channel-create': never;
  'channel-folder-create': never;
  'channel-folder-update': 'channel_folder_id';
  'channel-folders-list': never;
  'channel-folders-reorder': never;
  'channel-topics-get': 'stream_id';
}
