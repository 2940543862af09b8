// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface TypingRequest {
type?: ("direct" | "stream" | "channel" | "private")
op: ("start" | "stop")
to?: number[]
stream_id?: number
topic?: string
}

export interface TypingRequestTypes {
  'typing': TypingRequest;
}

export interface TypingRequestPathNames {
  'typing': never;
}
