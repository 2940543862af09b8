import { REALM_KEY } from '@chat/projections';
import type { PushOrigin } from './push-service.js';
import type { Clocked, Configured, Reads } from '../dependencies.js';

/** Where a push comes from: the organization's address and the user it is for. */
export const pushOrigin = (ctx: Configured, userId: number): PushOrigin => ({ realm_url: ctx.config.externalUrl, user_id: userId });

/**
 * The test notification's payload: `event` is `test`, and like every push it names the organization
 * (`realm_name`, `realm_url`), the user it is for and when it was sent (UNIX seconds).
 */
export async function testPushPayload(ctx: Clocked & Configured & Reads<'realm'>, userId: number): Promise<Record<string, unknown>> {
  const realm = await ctx.models.realm.get(REALM_KEY);
  return {
    event: 'test',
    realm_name: realm?.name ?? '',
    realm_url: ctx.config.externalUrl,
    user_id: userId,
    time: Math.floor(ctx.clock.now() / 1000),
  };
}
