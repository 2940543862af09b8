import { e2eeTestTargets, legacyTestTargets, type PushTokenKind } from '@chat/core';
import { requirePushService } from '../push/push-setup.js';
import { sealPayload } from '../push/sealed-payload.js';
import { pushOrigin, testPushPayload } from '../push/test-push-payload.js';
import type { ServerContext } from '../server-context.js';
import { pushDevicesOf } from './push-device-reads.js';

const TOKEN_KINDS: readonly PushTokenKind[] = ['fcm', 'apns'];

/**
 * POST /mobile_push/test_notification: a test push to the device with this token, or to every legacy
 * device of the user. The token names a device of either kind, so both digests are looked for.
 */
export async function sendTestPush(ctx: ServerContext, userId: number, token: string | null): Promise<void> {
  const { tokens } = await pushDevicesOf(ctx, userId);
  const named = token === null ? null : TOKEN_KINDS.map((kind) => ctx.push.vault.digest(kind, token));
  const targets = legacyTestTargets(tokens, named);
  const service = requirePushService(ctx.push);
  if (targets.length === 0) return;
  const devices = targets.map((target) => ({
    token_kind: target.token_kind,
    token: ctx.push.vault.open(userId, target.token_kind, target.token_ciphertext),
    ios_app_id: target.ios_app_id,
  }));
  await service.pushToTokens(pushOrigin(ctx, userId), devices, await testPushPayload(ctx, userId));
}

/** POST /mobile_push/e2ee/test_notification: a test push sealed to each active device's key. */
export async function sendE2eeTestPush(ctx: ServerContext, userId: number, pushAccountId: number | null): Promise<void> {
  const targets = e2eeTestTargets((await pushDevicesOf(ctx, userId)).e2ee, pushAccountId);
  const service = requirePushService(ctx.push);
  const payload = await testPushPayload(ctx, userId);
  const devices = await Promise.all(
    targets.map(async (target) => ({
      device_id: target.bouncer_device_id,
      push_account_id: target.push_account_id,
      encrypted_data: await sealPayload(target.push_public_key, { ...payload, push_account_id: target.push_account_id }),
    })),
  );
  await service.pushSealed(pushOrigin(ctx, userId), devices);
}
