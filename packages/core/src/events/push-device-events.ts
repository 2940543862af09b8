/** Which platform service issued a device's token: Firebase Cloud Messaging or Apple Push Notification service. */
export type PushTokenKind = 'fcm' | 'apns';

/** How the bouncer took an end-to-end encrypted registration. */
export type PushDeviceStatus = 'active' | 'failed';

/**
 * A device token registered through the legacy endpoints. The token itself never enters the log: the
 * event keeps a keyed digest (to find it again) and the token encrypted under a key derived from the
 * server secret (it is handed to the bouncer with each push).
 */
export interface PushTokenAdded {
  type: 'PushTokenAdded';
  data: { user_id: number; token_kind: PushTokenKind; token_digest: string; token_ciphertext: string; ios_app_id: string | null };
}

/** A legacy device token removed by its user. */
export interface PushTokenRemoved {
  type: 'PushTokenRemoved';
  data: { user_id: number; token_kind: PushTokenKind; token_digest: string };
}

/**
 * An end-to-end encrypted push device registered, with the bouncer's answer: `active` with the id the
 * bouncer gave the device, or `failed` with the bouncer's error code. The encrypted registration is
 * only kept as a keyed digest, to recognize a client's retry.
 */
export interface PushDeviceRegistered {
  type: 'PushDeviceRegistered';
  data: {
    user_id: number;
    push_account_id: number;
    token_kind: PushTokenKind;
    push_public_key: string;
    bouncer_public_key: string;
    registration_digest: string;
    status: PushDeviceStatus;
    bouncer_device_id: string | null;
    error_code: string | null;
  };
}

export type PushDeviceEvent = PushTokenAdded | PushTokenRemoved | PushDeviceRegistered;

declare module './index.js' {
  interface DomainEventKinds {
    PushDeviceEvent: PushDeviceEvent;
  }
}
