import { decideUpdateRealm, hasContentAccess, type RealmUpdateContext, type RealmUpdateEvent, streams, type UpdateRealm, worldOf } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What realmUpdateContext reads. */
type RealmContextDeps = Configured & Reads<'realm' | 'realmGroupSettings' | 'subscriptions' | 'userGroups' | 'users'> & Uses<'organization'>;
/** What updateRealm uses. */
type UpdateRealmDeps = Commands & RealmContextDeps;

/** The organization, its group permissions, the groups and users, and the actor as stored now. */
async function realmUpdateContext(ctx: RealmContextDeps, actorId: number): Promise<RealmUpdateContext> {
  const users = await ctx.models.users.all();
  const actor = users.find((user) => user.user_id === actorId);
  const realm = await ctx.models.realm.get(REALM_KEY);
  const groupSettings = await ctx.models.realmGroupSettings.get(REALM_KEY);
  if (!actor || !realm || !groupSettings) throw new Error('organization not initialised');
  const cc = await channelContext(ctx, actorId);
  const channelFor = (channelId: number): { is_public: boolean } | null => {
    const channel = cc.channels.get(channelId);
    if (!channel || channel.is_archived || !hasContentAccess(cc, channel, actorId)) return null;
    return { is_public: !channel.invite_only };
  };
  return { ...worldOf(await ctx.models.userGroups.all(), users), actor, realm, groupSettings, channelFor };
}

/** PATCH /realm: every change lands in one append to the realm stream; returns what was recorded. */
export async function updateRealm(ctx: UpdateRealmDeps, origin: Origin, actorId: number, cmd: UpdateRealm): Promise<RealmUpdateEvent[]> {
  return ctx.bus.run(origin, async () => {
    const events = decideUpdateRealm(await realmUpdateContext(ctx, actorId), cmd);
    const stream = streams.realm();
    return { appends: [{ stream, expected: AS_READ, events }], result: events };
  });
}
