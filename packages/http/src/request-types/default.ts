// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface DefaultStreamRequest {
stream_id: number
}

export interface DefaultRequestTypes {
  'default-stream': DefaultStreamRequest;
}

export interface DefaultRequestPathNames {
  'default-stream': never;
}
