import { type StoredEvent, storageFull } from '@chat/core';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from '@chat/eventstore';
import type { StorageHealth } from './storage-health.js';

/**
 * The log with its appends reported to StorageHealth: an append refused for lack of space is answered
 * STORAGE_FULL (nothing of that command was stored: each command commits whole or not at all) and
 * marks the log full; the next append that succeeds clears it. Reads are untouched.
 */
export class StorageWatchedEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly storage: StorageHealth,
  ) {}

  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.watched(this.inner.append(stream, events, expected));
  }

  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.watched(this.inner.appendStreams(appends));
  }

  private async watched<T>(append: Promise<T>): Promise<T> {
    try {
      const result = await append;
      this.storage.wrote('log');
      return result;
    } catch (error) {
      if (this.storage.failed('log', error)) throw storageFull();
      throw error;
    }
  }

  readStream(stream: string): AsyncIterable<StoredEvent> {
    return this.inner.readStream(stream);
  }
  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    return this.inner.readAll(options);
  }
  readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    return this.inner.readAt(positions);
  }
  streamRevision(stream: string): Promise<number | null> {
    return this.inner.streamRevision(stream);
  }
  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }
  subscribe(fromPosition: number, listener: EventListener): () => void {
    return this.inner.subscribe(fromPosition, listener);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
