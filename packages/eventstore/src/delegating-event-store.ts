import type { StoredEvent } from '@chat/core';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from './event-store.js';

/** An EventStore that hands every call to `inner`: a decorator overrides only what it changes. */
export class DelegatingEventStore implements EventStore {
  constructor(readonly inner: EventStore) {}

  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(stream, events, expected);
  }
  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.inner.appendStreams(appends);
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
