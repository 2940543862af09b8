import type { BouncerRegistrationOutcome, PushTokenKind } from '@chat/core';

/** An encrypted registration forwarded to the bouncer, which alone can open it. */
export interface BouncerRegistration {
  realm_url: string;
  user_id: number;
  push_account_id: number;
  token_kind: PushTokenKind;
  bouncer_public_key: string;
  encrypted_push_registration: string;
}

/** A legacy device: the bouncer needs its token in clear to reach the platform service. */
export interface TokenPushTarget {
  token_kind: PushTokenKind;
  token: string;
  ios_app_id: string | null;
}

/** An encrypted-registration device: addressed by the bouncer's id, the payload sealed to the device's key. */
export interface SealedPushTarget {
  device_id: string;
  push_account_id: number;
  encrypted_data: string;
}

/** What every push says about where it comes from (all pushes carry the organization's name). */
export interface PushOrigin {
  realm_url: string;
  user_id: number;
}

/**
 * The push notification service (a bouncer forwarding to FCM and APNs). Failures are raised as the
 * public API's errors: unreachable → FAILED_TO_CONNECT_BOUNCER, broken → INTERNAL_SERVER_ERROR_ON_BOUNCER,
 * refusing the server → ADMIN_ACTION_REQUIRED, not knowing a device → INVALID_REMOTE_PUSH_DEVICE_TOKEN.
 */
export interface PushService {
  /** Registers a device; a registration the bouncer refuses is an outcome, not an error. */
  registerDevice(registration: BouncerRegistration): Promise<BouncerRegistrationOutcome>;
  pushToTokens(origin: PushOrigin, devices: readonly TokenPushTarget[], payload: Record<string, unknown>): Promise<void>;
  pushSealed(origin: PushOrigin, devices: readonly SealedPushTarget[]): Promise<void>;
}
