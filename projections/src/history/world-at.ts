import type { AccessWorld, ChannelState, UserGroupState, UserState } from '@chat/core';
import type { DocumentCollection } from '@chat/readstore';
import { REALM_KEY, type ReadModels } from '../read-models.js';
import { HistoryCollection } from './history-collection.js';
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

/**
 * A collection's documents for reading: a replay's as they are stored (shared with its snapshots, so
 * only read here, never changed), the live models' as their store gives them. Copying every document
 * of a replay (`all()` hands out copies) was most of a question's time, in one stretch of the loop.
 */
const documentsOf = async <T extends object>(collection: DocumentCollection<T>): Promise<Iterable<T>> => (collection instanceof HistoryCollection ? collection.stored() : collection.all());
const documentOf = async <T extends object>(collection: DocumentCollection<T>, key: string): Promise<T | undefined> =>
  collection instanceof HistoryCollection ? collection.storedDoc(key) : collection.get(key);

/** Reads a replay's models (or the live ones) into an OrganizationAt. */
export async function organizationAt(models: Pick<ReadModels, 'users' | 'userGroups' | 'channels' | 'subscriptions' | 'realmGroupSettings'>, position: number): Promise<OrganizationAt> {
  const realm = await documentOf(models.realmGroupSettings, REALM_KEY);
  if (!realm) throw new Error(`history: the organization did not exist yet at position ${position}`);
  const users = new Map<number, UserState>();
  for (const user of await documentsOf(models.users)) users.set(user.user_id, user);
  const subscribers = new Map<number, number[]>();
  for (const row of await documentsOf(models.subscriptions)) {
    // A deactivated person's rows stay, but they subscribe to nothing while deactivated (as GET /streams/{id}/members).
    if (!row.active || users.get(row.user_id)?.is_active !== true) continue;
    const list = subscribers.get(row.channel_id) ?? [];
    list.push(row.user_id);
    subscribers.set(row.channel_id, list);
  }
  for (const list of subscribers.values()) list.sort((a, b) => a - b);
  const groups = new Map<number, UserGroupState>();
  for (const group of await documentsOf(models.userGroups)) groups.set(group.id, group);
  return {
    position,
    realm,
    users,
    groups,
    channels: [...(await documentsOf(models.channels))].sort((a, b) => a.channel_id - b.channel_id),
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
