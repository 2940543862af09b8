// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface FetchApiKeyRequest {
username: string
password: string
}

export interface FetchRequestTypes {
  'fetch-api-key': FetchApiKeyRequest;
}

export interface FetchRequestPathNames {
  'fetch-api-key': never;
}
