import { decideUpdateRealm, type RealmUpdateContext, type RealmUpdateEvent, streams, type UpdateRealm, worldOf } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Commands, Reads } from '../dependencies.js';

/** What updateRealm uses. */
type UpdateRealmDeps = Commands & Reads<'realm' | 'realmGroupSettings' | 'userGroups' | 'users'>;

/** The organization, its group permissions, the groups and users, and the actor as stored now. */
async function realmUpdateContext(ctx: Reads<'realm' | 'realmGroupSettings' | 'userGroups' | 'users'>, actorId: number): Promise<RealmUpdateContext> {
  const users = await ctx.models.users.all();
  const actor = users.find((user) => user.user_id === actorId);
  const realm = await ctx.models.realm.get(REALM_KEY);
  const groupSettings = await ctx.models.realmGroupSettings.get(REALM_KEY);
  if (!actor || !realm || !groupSettings) throw new Error('organization not initialised');
  return { ...worldOf(await ctx.models.userGroups.all(), users), actor, realm, groupSettings };
}

/** PATCH /realm: every change lands in one append to the realm stream; returns what was recorded. */
export async function updateRealm(ctx: UpdateRealmDeps, origin: Origin, actorId: number, cmd: UpdateRealm): Promise<RealmUpdateEvent[]> {
  return ctx.bus.run(origin, async () => {
    const events = decideUpdateRealm(await realmUpdateContext(ctx, actorId), cmd);
    const stream = streams.realm();
    return { appends: [{ stream, expected: AS_READ, events }], result: events };
  });
}
