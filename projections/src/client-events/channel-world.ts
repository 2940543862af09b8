import { type AccessWorld, type ChannelState, hasMetadataAccess, SubscriptionIndex, worldOf } from '@chat/core';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/** One channel as fan-out sees it after an event: who is subscribed and who may know it. */
export interface ChannelWorld extends AccessWorld {
  channel: ChannelState;
  subscribers: number[];
  /** Active users with metadata access, in id order; `without` treats those users as not subscribed. */
  watchers(without?: readonly number[]): number[];
  /** The same for another state of this channel (as it was before a change). */
  watchersOf(state: ChannelState): number[];
}

export async function channelWorld(models: ReadModels, channelId: number): Promise<ChannelWorld | undefined> {
  const channel = await models.channels.get(channelId);
  const realm = await models.realmGroupSettings.get(REALM_KEY);
  if (!channel || !realm) return undefined;
  const index = new SubscriptionIndex(await models.subscriptions.findMany('channel_id', channelId));
  const base = { ...worldOf(await models.userGroups.all(), await models.users.all()), realm };
  const accessWorld = (without: readonly number[]): AccessWorld => {
    // A set: `without` may be every user subscribed at once (a list scanned per user was quadratic).
    const left = new Set(without);
    return { ...base, isSubscribed: (userId, id) => !left.has(userId) && index.isSubscribed(userId, id) };
  };
  const world = accessWorld([]);
  const watchersOf = (state: ChannelState, without: readonly number[]): number[] => {
    const w = accessWorld(without);
    return [...w.users.values()]
      .filter((user) => user.is_active && hasMetadataAccess(w, state, user.user_id))
      .map((user) => user.user_id)
      .sort((a, b) => a - b);
  };
  return {
    ...world,
    channel,
    // Deactivated users keep their subscriptions but are listed nowhere until they come back.
    subscribers: index.subscribers(channelId).filter((userId) => world.users.get(userId)?.is_active === true),
    watchers: (without = []) => watchersOf(channel, without),
    watchersOf: (state) => watchersOf(state, []),
  };
}
