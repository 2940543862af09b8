import { badRequest } from '../errors.js';
import type { PushDeviceRegistered, PushTokenAdded, PushTokenKind, PushTokenRemoved } from '../events/push-device-events.js';
import type { E2eePushDeviceState, PushTokenState } from './push-device-state.js';
import { pushErrors } from './push-errors.js';
import type { PushRegistrationRequest } from './push-token-rules.js';

/** A legacy token as the action prepared it: digested and encrypted, never in clear. */
export interface SealedPushToken {
  token_kind: PushTokenKind;
  token_digest: string;
  token_ciphertext: string;
  ios_app_id: string | null;
}

/** Adding a token the user has already (same app) records nothing; a new app id is recorded again. */
export function decideAddPushToken(userId: number, existing: PushTokenState | undefined, token: SealedPushToken): PushTokenAdded[] {
  if (existing && existing.ios_app_id === token.ios_app_id) return [];
  return [{ type: 'PushTokenAdded', data: { user_id: userId, ...token } }];
}

export function decideRemovePushToken(userId: number, existing: PushTokenState | undefined, kind: PushTokenKind, digest: string): PushTokenRemoved[] {
  if (!existing) throw badRequest('Token does not exist');
  return [{ type: 'PushTokenRemoved', data: { user_id: userId, token_kind: kind, token_digest: digest } }];
}

/** What the bouncer answered to a registration it could judge (unreachable or broken bouncers are errors). */
export type BouncerRegistrationOutcome = { status: 'active'; device_id: string } | { status: 'failed'; error_code: string };

/** A client retrying the very registration already recorded needs no second trip to the bouncer. */
export function isRegistered(existing: E2eePushDeviceState | undefined, request: PushRegistrationRequest, registrationDigest: string): boolean {
  return (
    existing !== undefined &&
    existing.registration_digest === registrationDigest &&
    existing.token_kind === request.token_kind &&
    existing.push_public_key === request.push_public_key &&
    existing.bouncer_public_key === request.bouncer_public_key
  );
}

/**
 * POST /mobile_push/register, once the bouncer has answered: the registration with its outcome; a new
 * registration under a push account id already used replaces the earlier one.
 */
export function decideRegisterPushDevice(
  userId: number,
  existing: E2eePushDeviceState | undefined,
  request: PushRegistrationRequest,
  registrationDigest: string,
  outcome: BouncerRegistrationOutcome,
): PushDeviceRegistered[] {
  if (isRegistered(existing, request, registrationDigest)) return [];
  const { token_kind, push_account_id, push_public_key, bouncer_public_key } = request;
  const answer = outcome.status === 'active' ? { bouncer_device_id: outcome.device_id, error_code: null } : { bouncer_device_id: null, error_code: outcome.error_code };
  return [
    {
      type: 'PushDeviceRegistered',
      data: { user_id: userId, push_account_id, token_kind, push_public_key, bouncer_public_key, registration_digest: registrationDigest, status: outcome.status, ...answer },
    },
  ];
}

/**
 * The legacy test push's targets: the device whose token was named (any of its possible digests), or
 * every token of the user when none was named.
 */
export function legacyTestTargets(tokens: readonly PushTokenState[], namedDigests: readonly string[] | null): PushTokenState[] {
  if (namedDigests === null) return [...tokens];
  const named = tokens.filter((token) => namedDigests.includes(token.token_digest));
  if (named.length === 0) throw pushErrors.unknownToken();
  return named;
}

/** An active registration: the bouncer gave it an id. */
export type ActivePushDevice = E2eePushDeviceState & { status: 'active'; bouncer_device_id: string };

export const isActivePushDevice = (device: E2eePushDeviceState): device is ActivePushDevice => device.status === 'active' && device.bouncer_device_id !== null;

/** The E2EE test push's targets: the user's active registrations, or only the one push account named. */
export function e2eeTestTargets(devices: readonly E2eePushDeviceState[], pushAccountId: number | null): ActivePushDevice[] {
  const targets = devices.filter(isActivePushDevice).filter((device) => pushAccountId === null || device.push_account_id === pushAccountId);
  if (targets.length === 0) throw pushErrors.noActiveDevice();
  return targets;
}
