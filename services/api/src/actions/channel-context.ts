import { type AddressesOf, type ChannelContext, SubscriptionIndex, type SubscriptionState, type UserState } from '@chat/core';
import { principalAddresses } from '../queries/principal-addresses.js';
import type { Configured, Reads, Uses } from '../dependencies.js';

/** What channelContext uses. */
type ChannelContextDeps = Configured & Reads<'subscriptions'> & Uses<'organization'>;

/** Users whose subscriptions a decision needs, named by id or by email address. */
export type UserRefs = readonly (number | string)[];

function userIdsOf(users: readonly UserState[], addressesOf: AddressesOf, refs: UserRefs): number[] {
  const ids: number[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number') ids.push(ref);
    else {
      const address = ref.trim().toLowerCase();
      const user = users.find((candidate) => addressesOf(candidate).some((each) => each.toLowerCase() === address));
      if (user) ids.push(user.user_id);
    }
  }
  return ids;
}

/**
 * Everything a channel decision reads: groups, users, organization permissions, every channel, and the
 * subscriptions of the actor, of the users named, and of the channels named.
 */
export async function channelContext(ctx: ChannelContextDeps, actorId: number, users: UserRefs = [], channelIds: readonly number[] = []): Promise<ChannelContext> {
  const organization = await ctx.organization.current();
  const actor = organization.users.get(actorId);
  if (!actor) throw new Error('organization not initialised');
  const named = users.length === 0 ? [] : userIdsOf([...organization.users.values()], principalAddresses(ctx, actor), users);
  const rows = new Map<string, SubscriptionState>();
  const add = (subs: SubscriptionState[]): void => {
    for (const sub of subs) rows.set(`${sub.user_id}:${sub.channel_id}`, sub);
  };
  for (const userId of new Set([actorId, ...named])) add(await ctx.models.subscriptions.findMany('user_id', userId));
  for (const channelId of new Set(channelIds)) add(await ctx.models.subscriptions.findMany('channel_id', channelId));
  const subscriptions = new SubscriptionIndex(rows.values());
  return {
    users: organization.users,
    groups: organization.groups,
    realm: organization.realm,
    actor,
    channels: organization.channels,
    subscriptions,
    folderIds: organization.folderIds,
    isSubscribed: (userId, channelId) => subscriptions.isSubscribed(userId, channelId),
  };
}
