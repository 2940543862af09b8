import { type StoredEvent, streams } from '@chat/core';
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

  constructor(models: Pick<ReadModels, 'historyIndex'>, private readonly store: Pick<EventStore, 'readAt' | 'readStream'>, keys: Pick<SubjectKeys, 'onForgotten'>) {
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

  /** A message's own stream and the moves and deletions that named it, in log order (what `messageAnswer` reads). */
  async messageEvents(messageId: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for await (const event of this.store.readStream(streams.message(messageId))) events.push(event);
    const own = new Set(events.map((event) => event.position));
    const naming = (await this.source.entries()).filter((entry) => entry.message_ids?.includes(messageId) === true && !own.has(entry.position));
    events.push(...(await this.source.read(naming.map((entry) => entry.position))));
    return events.sort((a, b) => a.position - b.position);
  }
}
