import { checkPushRegistration, decideRegisterPushDevice, type E2eePushDeviceState, isRegistered, pushDeviceKeys, type PushRegistrationRequest } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import { requirePushService } from '../push/push-setup.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What registerPushDevice uses. */
type RegisterPushDeviceDeps = Commands & Configured & Reads<'pushDevices'> & Uses<'push'>;

async function registrationOf(ctx: Reads<'pushDevices'>, userId: number, pushAccountId: number): Promise<E2eePushDeviceState | undefined> {
  const device = await ctx.models.pushDevices.get(pushDeviceKeys.e2ee(userId, pushAccountId));
  return device?.kind === 'e2ee' ? device : undefined;
}

/**
 * POST /mobile_push/register: the bouncer is asked first (it alone can open the registration), then its
 * answer is recorded. A bouncer that cannot answer fails the request and nothing is recorded, so the
 * client simply retries; a retry of a recorded registration does not reach the bouncer again.
 */
export async function registerPushDevice(ctx: RegisterPushDeviceDeps, origin: Origin, userId: number, request: PushRegistrationRequest): Promise<void> {
  const service = requirePushService(ctx.push);
  checkPushRegistration(request);
  const digest = ctx.push.vault.registrationDigest(userId, request.encrypted_push_registration);
  if (isRegistered(await registrationOf(ctx, userId, request.push_account_id), request, digest)) return;
  const outcome = await service.registerDevice({
    realm_url: ctx.config.externalUrl,
    user_id: userId,
    push_account_id: request.push_account_id,
    token_kind: request.token_kind,
    bouncer_public_key: request.bouncer_public_key,
    encrypted_push_registration: request.encrypted_push_registration,
  });
  await ctx.bus.run(origin, async () => {
    const events = decideRegisterPushDevice(userId, await registrationOf(ctx, userId, request.push_account_id), request, digest, outcome);
    return { appends: await userStreamAppends(userId, events), result: undefined };
  });
}
