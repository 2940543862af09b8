import type { StoredEvent, UserState } from '@chat/core';
import { MemoryReadStore } from '@chat/readstore';
import { openReadModels, type ProfileFieldState, ProjectionDispatch, type ReadModels, type RealmState } from '@chat/projections';
import { allProjections } from '../../services/api/src/features/all-features.js';

/** Fresh in-memory read models. */
export const freshModels = (): ReadModels => openReadModels(new MemoryReadStore());

/** Applies each event to the projections that read it, in the order the runner does. */
export async function project(models: ReadModels, events: readonly StoredEvent[]): Promise<void> {
  const projections = new ProjectionDispatch(allProjections(models));
  for (const event of events) await projections.apply(event);
}

export interface ReadModelSnapshot {
  realm: RealmState[];
  users: UserState[];
  profileFields: ProfileFieldState[];
}

/** Every document of every collection, in key order, so two stores can be compared whole. */
export async function snapshot(models: ReadModels): Promise<ReadModelSnapshot> {
  return {
    realm: await models.realm.all(),
    users: (await models.users.all()).sort((a, b) => a.user_id - b.user_id),
    profileFields: (await models.profileFields.all()).sort((a, b) => a.id - b.id),
  };
}
