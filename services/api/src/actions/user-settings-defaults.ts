import { decideUpdateUserSettingsDefaults, streams } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Commands, Reads } from '../dependencies.js';

/** What updateUserSettingsDefaults uses. */
type UpdateUserSettingsDefaultsDeps = Commands & Reads<'realm' | 'users'>;

/** PATCH /realm/user_settings_defaults: records the changed defaults on the realm stream. */
export async function updateUserSettingsDefaults(ctx: UpdateUserSettingsDefaultsDeps, origin: Origin, actorId: number, requested: Readonly<Record<string, unknown>>): Promise<void> {
  const stream = streams.realm();
  await ctx.bus.run(origin, async () => {
    const expected = AS_READ;
    const actor = await ctx.models.users.get(actorId);
    const realm = await ctx.models.realm.get(REALM_KEY);
    if (!actor || !realm) throw new Error('organization not initialised');
    const events = decideUpdateUserSettingsDefaults(actor, realm.user_settings_defaults, requested);
    return { appends: events.length === 0 ? [] : [{ stream, expected, events }], result: undefined };
  });
}
