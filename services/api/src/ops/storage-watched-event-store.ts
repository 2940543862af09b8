import { isStorageFull, storageFull } from '@chat/core';
import { type AppendResult, DelegatingEventStore, type EventStore, type EventToAppend, type ExpectedRevision, type StreamAppendRequest } from '@chat/eventstore';
import type { StorageHealth } from '../files/storage-health.js';

/**
 * The log with its appends reported to StorageHealth: an append refused for lack of space is answered
 * STORAGE_FULL (nothing of that command was stored: each command commits whole or not at all) and
 * marks the log full; the next append that succeeds clears it. Reads are untouched.
 */
export class StorageWatchedEventStore extends DelegatingEventStore {
  constructor(
    inner: EventStore,
    private readonly storage: StorageHealth,
  ) {
    super(inner);
  }

  override append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.watched(this.inner.append(stream, events, expected));
  }

  override appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.watched(this.inner.appendStreams(appends));
  }

  private async watched<T>(append: Promise<T>): Promise<T> {
    try {
      return await this.storage.watched('log', append);
    } catch (error) {
      throw isStorageFull(error) ? storageFull() : error;
    }
  }
}
