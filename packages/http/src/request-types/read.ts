// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ReadModelDigestRequest {
model?: string
}
export interface ReadReceiptsGetRequest {
message_id: number
}

export interface ReadRequestTypes {
  'read-model-digest': ReadModelDigestRequest;
  'read-receipts-get': ReadReceiptsGetRequest;
}

export interface ReadRequestPathNames {
  'read-model-digest': never;
  'read-receipts-get': 'message_id';
}
