import { decideRotateApiKey, streams, unauthorized } from '@chat/core';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Commands, Reads } from '../dependencies.js';
import type { ApiKeys } from '../secrets/api-keys.js';

/** POST /users/me/api_key/regenerate: the next key generation; the old key stops working at once. Answers the new key. */
export async function rotateApiKey(deps: Commands & Reads<'users'> & { apiKeys: ApiKeys }, origin: Origin, userId: number): Promise<string> {
  const generation = await deps.bus.run(origin, async () => {
    const user = await deps.models.users.get(userId);
    if (!user) throw unauthorized();
    const rotated = decideRotateApiKey(user);
    return { appends: [{ stream: streams.user(userId), expected: AS_READ, events: [rotated] }], result: rotated.data.api_key_generation };
  });
  return deps.apiKeys.keyFor(userId, generation);
}
