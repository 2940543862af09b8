// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ExternalWebhookRequest {
integration: string
api_key?: string
stream?: string
topic?: string
branches?: string
only_events?: string[]
exclude_events?: string[]
use_merge_request_title?: string
name?: string
desc?: string
payload?: string
}

export interface ExternalRequestTypes {
  'external-webhook': ExternalWebhookRequest;
}

export interface ExternalRequestPathNames {
  'external-webhook': 'integration';
}
