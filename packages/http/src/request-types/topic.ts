// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface TopicDeleteRequest {
stream_id: number
topic_name: string
}

export interface TopicRequestTypes {
  'topic-delete': TopicDeleteRequest;
}

export interface TopicRequestPathNames {
  'topic-delete': 'stream_id';
}
