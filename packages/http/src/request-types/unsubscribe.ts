// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface UnsubscribeRequest {
subscriptions: string[]
principals?: (number | string)[]
}

export interface UnsubscribeRequestTypes {
  'unsubscribe': UnsubscribeRequest;
}

export interface UnsubscribeRequestPathNames {
  'unsubscribe': never;
}
