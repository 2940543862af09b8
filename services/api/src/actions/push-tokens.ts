import { checkAppId, checkPushToken, decideAddPushToken, decideRemovePushToken, pushDeviceKeys, type PushTokenKind } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import { pushTokenOf } from '../queries/push-device-reads.js';
import type { Commands, Reads, Uses } from '../dependencies.js';

/** What addPushToken uses. */
type AddPushTokenDeps = Commands & Reads<'pushDevices'> & Uses<'push'>;

/**
 * POST /users/me/apns_device_token and /users/me/android_gcm_reg_id. The token is stored without a
 * push service configured, as in the public API: pushes reach it once one is.
 */
export async function addPushToken(ctx: AddPushTokenDeps, origin: Origin, userId: number, kind: PushTokenKind, token: string, appId: string | null): Promise<void> {
  checkPushToken(kind, token);
  if (appId !== null) checkAppId(appId);
  const { vault } = ctx.push;
  const digest = vault.digest(kind, token);
  await ctx.bus.run(origin, async () => {
    const existing = await pushTokenOf(ctx, userId, pushDeviceKeys.token(userId, kind, digest));
    const sealed = { token_kind: kind, token_digest: digest, token_ciphertext: vault.seal(userId, kind, token), ios_app_id: appId };
    return { appends: await userStreamAppends(userId, decideAddPushToken(userId, existing, sealed)), result: undefined };
  });
}

/** DELETE /users/me/apns_device_token and /users/me/android_gcm_reg_id. */
export async function removePushToken(ctx: AddPushTokenDeps, origin: Origin, userId: number, kind: PushTokenKind, token: string): Promise<void> {
  checkPushToken(kind, token);
  const digest = ctx.push.vault.digest(kind, token);
  await ctx.bus.run(origin, async () => {
    const existing = await pushTokenOf(ctx, userId, pushDeviceKeys.token(userId, kind, digest));
    return { appends: await userStreamAppends(userId, decideRemovePushToken(userId, existing, kind, digest)), result: undefined };
  });
}
