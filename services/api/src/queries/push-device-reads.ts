import type { E2eePushDeviceState, PushTokenState } from '@chat/core';
import type { Reads } from '../dependencies.js';

/** A user's push registrations, split by kind. */
export async function pushDevicesOf(ctx: Reads<'pushDevices'>, userId: number): Promise<{ tokens: PushTokenState[]; e2ee: E2eePushDeviceState[] }> {
  const all = await ctx.models.pushDevices.findMany('user_id', userId);
  return {
    tokens: all.filter((device): device is PushTokenState => device.kind === 'token'),
    e2ee: all.filter((device): device is E2eePushDeviceState => device.kind === 'e2ee').sort((a, b) => a.push_account_id - b.push_account_id),
  };
}

/** A user's legacy token of this kind with this digest, if registered. */
export async function pushTokenOf(ctx: Reads<'pushDevices'>, userId: number, key: string): Promise<PushTokenState | undefined> {
  const device = await ctx.models.pushDevices.get(key);
  return device?.kind === 'token' && device.user_id === userId ? device : undefined;
}
