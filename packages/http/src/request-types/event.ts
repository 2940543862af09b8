// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface EventsDeleteRequest {
queue_id: string
}
export interface EventsGetRequest {
queue_id: string
last_event_id?: number
dont_block?: boolean
}

export interface EventRequestTypes {
  'events-delete': EventsDeleteRequest;
  'events-get': EventsGetRequest;
}

export interface EventRequestPathNames {
  'events-delete': never;
  'events-get': never;
}
