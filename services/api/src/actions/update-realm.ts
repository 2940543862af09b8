import { decideUpdateRealm, hasContentAccess, type RealmUpdateContext, type RealmUpdateEvent, streams, type UpdateRealm, worldOf } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { currentRevision } from '../commands/expected-revision.js';
import type { ServerContext } from '../server-context.js';
import { channelContext } from './channel-context.js';

/** The organization, its group permissions, the groups and users, and the actor as stored now. */
async function realmUpdateContext(ctx: ServerContext, actorId: number): Promise<RealmUpdateContext> {
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
export async function updateRealm(ctx: ServerContext, origin: Origin, actorId: number, cmd: UpdateRealm): Promise<RealmUpdateEvent[]> {
  return ctx.bus.run(origin, async () => {
    const events = decideUpdateRealm(await realmUpdateContext(ctx, actorId), cmd);
    const stream = streams.realm();
    return { appends: [{ stream, expected: await currentRevision(ctx.store, stream), events }], result: events };
  });
}
