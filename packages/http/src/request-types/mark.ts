// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface MarkStreamAsReadRequest {
stream_id: number
}
export interface MarkTopicAsReadRequest {
stream_id: number
topic_name: string
}

export interface MarkRequestTypes {
  'mark-stream-as-read': MarkStreamAsReadRequest;
  'mark-topic-as-read': MarkTopicAsReadRequest;
}

export interface MarkRequestPathNames {
  'mark-stream-as-read': never;
  'mark-topic-as-read': never;
}
