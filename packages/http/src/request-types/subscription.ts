// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface SubscriptionPropertiesUpdateRequest {
subscription_data: {
stream_id: number
property: string
value: unknown
}[]
}
export interface SubscriptionStatusGetRequest {
user_id: number
stream_id: number
}
export interface SubscriptionsGetRequest {
include_subscribers?: ("true" | "false" | "partial" | true | false)
}
export interface SubscriptionsUpdateRequest {
add?: {
name: string
description?: string
}[]
delete?: string[]
}

export interface SubscriptionRequestTypes {
  'subscription-properties-update': SubscriptionPropertiesUpdateRequest;
  'subscription-status-get': SubscriptionStatusGetRequest;
  'subscriptions-get': SubscriptionsGetRequest;
  'subscriptions-update': SubscriptionsUpdateRequest;
}

export interface SubscriptionRequestPathNames {
  'subscription-properties-update': never;
  'subscription-status-get': 'user_id' | 'stream_id';
  'subscriptions-get': never;
  'subscriptions-update': never;
}
