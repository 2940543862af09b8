import type { ActivePushDevice, PushTokenState } from '@chat/core';
import { sealPayload } from './sealed-payload.js';
import type { SealedPushTarget, TokenPushTarget } from './push-service.js';
import type { Uses } from '../dependencies.js';

/** Legacy devices as the bouncer needs them: the tokens opened from the vault. */
export const tokenTargets = (ctx: Uses<'push'>, userId: number, tokens: readonly PushTokenState[]): TokenPushTarget[] =>
  tokens.map((target) => ({ token_kind: target.token_kind, token: ctx.push.vault.open(userId, target.token_kind, target.token_ciphertext), ios_app_id: target.ios_app_id }));

/** Encrypted-registration devices, each with the payload (and its push account id) sealed to its key. */
export const sealedTargets = (devices: readonly ActivePushDevice[], payload: Record<string, unknown>): Promise<SealedPushTarget[]> =>
  Promise.all(
    devices.map(async (device) => ({
      device_id: device.bouncer_device_id,
      push_account_id: device.push_account_id,
      encrypted_data: await sealPayload(device.push_public_key, { ...payload, push_account_id: device.push_account_id }),
    })),
  );
