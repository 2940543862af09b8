// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

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
message_id: number
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

export interface MessageRequestTypes {
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
}

export interface MessageRequestPathNames {
  'message-delete': 'message_id';
  'message-edit-typing': 'message_id';
  'message-flags-narrow': never;
  'message-flags-update': never;
  'message-get': 'message_id';
  'message-history-get': 'message_id';
  'message-render': never;
  'message-report': 'message_id';
  'message-update': 'message_id';
  'messages-get': never;
  'messages-matches-narrow': never;
  'messages-send': never;
}
