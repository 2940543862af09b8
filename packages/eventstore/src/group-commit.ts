import type { EventStore, StreamAppendRequest } from './event-store.js';

/**
 * Rewrites one command's appends just before they are written (the sealing step). It runs
 * synchronously inside the write; throwing fails that command's append alone.
 */
export type AppendPreparer = (appends: readonly StreamAppendRequest[]) => readonly StreamAppendRequest[];

/**
 * A log that commits the appends of a turn of the event loop together (the embedded SQLite log) and
 * can have each command's appends prepared when its group is written: work done for every event then
 * runs back to back, once per group, instead of once per request between other requests' work. Timed
 * inside the server, a box sealed in a group's run took 4 µs against 12 µs sealed at its request,
 * whose code and data the rest of the request had pushed out of the processor's caches.
 */
export interface GroupCommittingStore {
  prepareAppends(preparer: AppendPreparer): void;
}

export const commitsInGroups = (store: EventStore): store is EventStore & GroupCommittingStore =>
  typeof (store as Partial<GroupCommittingStore>).prepareAppends === 'function';
