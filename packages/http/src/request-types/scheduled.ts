// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

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

export interface ScheduledRequestTypes {
  'scheduled-message-create': ScheduledMessageCreateRequest;
  'scheduled-message-delete': ScheduledMessageDeleteRequest;
  'scheduled-message-update': ScheduledMessageUpdateRequest;
}

export interface ScheduledRequestPathNames {
  'scheduled-message-create': never;
  'scheduled-message-delete': 'scheduled_message_id';
  'scheduled-message-update': 'scheduled_message_id';
}
