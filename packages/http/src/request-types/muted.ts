// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface MutedTopicUpdateRequest {
stream_id?: number
stream?: string
topic: string
op: ("add" | "remove")
}
export interface MutedUserRequest {
muted_user_id: number
}

export interface MutedRequestTypes {
  'muted-topic-update': MutedTopicUpdateRequest;
  'muted-user': MutedUserRequest;
}

export interface MutedRequestPathNames {
  'muted-topic-update': never;
  'muted-user': 'muted_user_id';
}
