import { badRequest } from '../errors.js';
import type { PushTokenKind } from '../events/push-device-events.js';

/** The longest device token the legacy endpoints take, as in the public API. */
export const MAX_PUSH_TOKEN_LENGTH = 4096;

/** Length of a NaCl (X25519) public key, which push payloads are sealed to. */
export const PUSH_PUBLIC_KEY_BYTES = 32;

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const APP_ID = /^[A-Za-z0-9_.-]{1,255}$/;
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A legacy device token: not empty, not too long, and for APNs the hexadecimal form Apple hands out. */
export function checkPushToken(kind: PushTokenKind, token: string): void {
  if (token === '' || token.length > MAX_PUSH_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
  if (kind === 'apns' && !HEX.test(token)) throw badRequest('Invalid APNS token');
}

/** The iOS app id an APNs token belongs to (a bundle identifier). */
export function checkAppId(appid: string): void {
  if (!APP_ID.test(appid)) throw badRequest("Invalid app ID: 'appid' must be a bundle identifier such as org.example.Chat");
}

/** RFC 4648 standard base64 (the `+/` alphabet, padded), not empty. */
export const isStandardBase64 = (value: string): boolean => value !== '' && STANDARD_BASE64.test(value);

/** What POST /mobile_push/register is asked to register, as sent. */
export interface PushRegistrationRequest {
  token_kind: PushTokenKind;
  push_account_id: number;
  push_public_key: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
}

/** The checks the server can make of an encrypted registration; what is inside is for the bouncer to judge. */
export function checkPushRegistration(request: PushRegistrationRequest): void {
  if (!Number.isSafeInteger(request.push_account_id)) throw badRequest("Invalid 'push_account_id': must be an integer");
  if (!isStandardBase64(request.push_public_key)) throw badRequest("Invalid 'push_public_key': must be RFC 4648 standard base64");
  if (Buffer.from(request.push_public_key, 'base64').length !== PUSH_PUBLIC_KEY_BYTES) {
    throw badRequest(`Invalid 'push_public_key': must encode a ${PUSH_PUBLIC_KEY_BYTES}-byte public key`);
  }
  if (request.bouncer_public_key.trim() === '') throw badRequest("Invalid 'bouncer_public_key': must not be empty");
  if (!isStandardBase64(request.encrypted_push_registration)) {
    throw badRequest("Invalid 'encrypted_push_registration': must be RFC 4648 standard base64");
  }
}
