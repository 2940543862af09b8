// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ApiKeyRegenerateRequest {
}

export interface ApiRequestTypes {
  'api-key-regenerate': ApiKeyRegenerateRequest;
}

export interface ApiRequestPathNames {
  'api-key-regenerate': never;
}
