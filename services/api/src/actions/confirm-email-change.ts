import { decideConfirmEmailChange, streams } from '@chat/core';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Clocked, Commands, LogReads, Reads } from '../dependencies.js';
import { emailClaims } from './update-user.js';

/** Completes an address change from its mailed link, acting as the user it names; answers the new address. */
export async function confirmEmailChange(
  deps: Commands & Reads<'users'> & LogReads & Clocked,
  origin: Omit<Origin, 'actorId'>,
  tokenDigest: string,
): Promise<string> {
  const decide = async (): Promise<ReturnType<typeof decideConfirmEmailChange>> =>
    decideConfirmEmailChange(await deps.models.users.all(), tokenDigest, deps.clock.now());
  const { user } = await decide();
  return deps.bus.run({ ...origin, actorId: user.user_id }, async () => {
    const { events } = await decide();
    const appends = await emailClaims(deps, events, user.user_id);
    appends.push({ stream: streams.user(user.user_id), expected: AS_READ, events });
    return { appends, result: events[0].data.email };
  });
}
