import type { AccessWorld, ChannelState, RealmGroupSettings, SubscriptionState, UserGroupState, UserState } from '@chat/core';
import { REALM_KEY, type ReadModels } from '../read-models.js';
import type { AsOf } from './history-parameters.js';
import { positionAtTime } from './history-source.js';
import type { OrganizationHistory } from './organization-history.js';

/** The organization as a replay holds it at one point: what the access rules read, and the subscriptions. */
export interface OrganizationAt extends AccessWorld {
  /** The log position the replay stopped at (its last organization event). */
  position: number;
  channels: readonly ChannelState[];
  /** Subscribers by channel id, ascending: active subscriptions of active users. */
  subscribers: ReadonlyMap<number, readonly number[]>;
}

/** Reads a replay's models (or the live ones) into an OrganizationAt. */
export async function organizationAt(models: Pick<ReadModels, 'users' | 'userGroups' | 'channels' | 'subscriptions' | 'realmGroupSettings'>, position: number): Promise<OrganizationAt> {
  const realm = (await models.realmGroupSettings.get(REALM_KEY)) as RealmGroupSettings | undefined;
  if (!realm) throw new Error(`history: the organization did not exist yet at position ${position}`);
  const users = new Map(((await models.users.all()) as UserState[]).map((user) => [user.user_id, user]));
  const subscribers = new Map<number, number[]>();
  for (const row of (await models.subscriptions.all()) as SubscriptionState[]) {
    // A deactivated person's rows stay, but they subscribe to nothing while deactivated (as GET /streams/{id}/members).
    if (!row.active || users.get(row.user_id)?.is_active !== true) continue;
    const list = subscribers.get(row.channel_id) ?? [];
    list.push(row.user_id);
    subscribers.set(row.channel_id, list);
  }
  for (const list of subscribers.values()) list.sort((a, b) => a - b);
  const groups = new Map(((await models.userGroups.all()) as UserGroupState[]).map((group) => [group.id, group]));
  return {
    position,
    realm,
    users,
    groups,
    channels: ((await models.channels.all()) as ChannelState[]).sort((a, b) => a.channel_id - b.channel_id),
    subscribers,
    isSubscribed: (userId, channelId) => subscribers.get(channelId)?.includes(userId) === true,
  };
}

/** The log position a question asks about: as given, the last organization event at or before a time, or the latest. */
export async function positionOf(history: OrganizationHistory, asOf: AsOf): Promise<number> {
  if ('position' in asOf) return asOf.position;
  const entries = await history.organizationEntries();
  if ('time' in asOf) return positionAtTime(entries, asOf.time);
  return entries.at(-1)?.position ?? 0;
}

/** The organization as it stood at a point of the log, replayed from the nearest snapshot. */
export async function organizationAsOf(history: OrganizationHistory, asOf: AsOf): Promise<OrganizationAt> {
  const position = await positionOf(history, asOf);
  const replay = await history.at(position);
  return organizationAt(replay.models, position);
}
