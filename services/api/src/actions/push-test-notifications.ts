import { e2eeTestTargets, legacyTestTargets, type PushTokenKind } from '@chat/core';
import { requirePushService } from '../push/push-setup.js';
import { sealedTargets, tokenTargets } from '../push/device-targets.js';
import { pushOrigin, testPushPayload } from '../push/test-push-payload.js';
import { pushDevicesOf } from '../queries/push-device-reads.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What sendTestPush uses. */
type SendTestPushDeps = Clocked & Configured & Reads<'pushDevices' | 'realm'> & Uses<'push'>;

const TOKEN_KINDS: readonly PushTokenKind[] = ['fcm', 'apns'];

/**
 * POST /mobile_push/test_notification: a test push to the device with this token, or to every legacy
 * device of the user. The token names a device of either kind, so both digests are looked for.
 */
export async function sendTestPush(ctx: SendTestPushDeps, userId: number, token: string | null): Promise<void> {
  const { tokens } = await pushDevicesOf(ctx, userId);
  const named = token === null ? null : TOKEN_KINDS.map((kind) => ctx.push.vault.digest(kind, token));
  const targets = legacyTestTargets(tokens, named);
  const service = requirePushService(ctx.push);
  if (targets.length === 0) return;
  await service.pushToTokens(pushOrigin(ctx, userId), tokenTargets(ctx, userId, targets), await testPushPayload(ctx, userId));
}

/** POST /mobile_push/e2ee/test_notification: a test push sealed to each active device's key. */
export async function sendE2eeTestPush(ctx: SendTestPushDeps, userId: number, pushAccountId: number | null): Promise<void> {
  const targets = e2eeTestTargets((await pushDevicesOf(ctx, userId)).e2ee, pushAccountId);
  const service = requirePushService(ctx.push);
  const payload = await testPushPayload(ctx, userId);
  await service.pushSealed(pushOrigin(ctx, userId), await sealedTargets(targets, payload));
}
