import type { StoredEvent } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import { TimeSlicer } from '@chat/http';
import type { SubjectKeys } from '@chat/keystore';
import type { ReadModels } from '@chat/projections';
import { type HistoryIndexEntry, type HistorySource, OrganizationHistory } from '@chat/projections/history/index';

/** Snapshots of the organization's past every this many of its events, and how many are kept. */
const SNAPSHOT_EVERY = 2000;
const SNAPSHOTS_KEPT = 24;

/** The index in position order (the memory store keeps insertion order, so this sort is one pass). */
async function sortedEntries(models: Pick<ReadModels, 'historyIndex'>): Promise<HistoryIndexEntry[]> {
  return (await models.historyIndex.all()).sort((a, b) => a.position - b.position);
}

/**
 * The server's history: the organization as of any point, replayed from the `historyIndex` read model
 * and events read by position through the log's unsealing reader (so what was forgotten reads as
 * forgotten), in time slices so that other requests go on meanwhile. Snapshots are dropped whenever
 * a key is destroyed: they hold values read before.
 */
export class HistoryService {
  readonly organization: OrganizationHistory;
  readonly source: HistorySource;

  constructor(models: Pick<ReadModels, 'historyIndex'>, store: Pick<EventStore, 'readAt'>, keys: Pick<SubjectKeys, 'onForgotten'>) {
    const slicer = new TimeSlicer();
    this.source = {
      entries: () => sortedEntries(models),
      read: async (positions): Promise<StoredEvent[]> => {
        const events = await store.readAt(positions);
        if (events.length !== positions.length) throw new Error(`history: ${positions.length - events.length} events missing from the log`);
        return events;
      },
    };
    this.organization = new OrganizationHistory(this.source, { every: SNAPSHOT_EVERY, keep: SNAPSHOTS_KEPT, pause: () => slicer.pause() });
    keys.onForgotten(() => this.organization.forgetAll());
  }
}
