// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface PushDeviceRegisterRequest {
token_kind: ("fcm" | "apns")
push_account_id: number
push_public_key: string
bouncer_public_key: string
encrypted_push_registration: string
}
export interface PushE2EeTestNotificationRequest {
push_account_id?: number
}
export interface PushTestNotificationRequest {
token?: string
}
export interface PushTokenApnsAddRequest {
token: string
appid: string
}
export interface PushTokenRequest {
token: string
}

export interface PushRequestTypes {
  'push-device-register': PushDeviceRegisterRequest;
  'push-e2ee-test-notification': PushE2EeTestNotificationRequest;
  'push-test-notification': PushTestNotificationRequest;
  'push-token-apns-add': PushTokenApnsAddRequest;
  'push-token': PushTokenRequest;
}

export interface PushRequestPathNames {
  'push-device-register': never;
  'push-e2ee-test-notification': never;
  'push-test-notification': never;
  'push-token-apns-add': never;
  'push-token': never;
}
