import type { StoredEvent } from '@chat/core';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from '../event-store.js';
import type { EventLogReader } from '../reading/event-log-reader.js';
import type { Upcasters } from './upcaster.js';

async function* upcasted(events: AsyncIterable<StoredEvent>, upcasters: Upcasters): AsyncIterable<StoredEvent> {
  for await (const event of events) yield upcasters.upcast(event);
}

/** A log reader whose every event comes out as its type's current version. */
export class UpcastingLogReader implements EventLogReader {
  constructor(
    readonly inner: EventLogReader,
    protected readonly upcasters: Upcasters,
  ) {}

  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    return upcasted(this.inner.readAll(options), this.upcasters);
  }
  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    return [...this.upcasters.upcastAll(await this.inner.readAt(positions))];
  }
  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }
  subscribe(fromPosition: number, listener: EventListener): () => void {
    return this.inner.subscribe(fromPosition, (events) => listener(this.upcasters.upcastAll(events)));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * The store the server works with: writes pass through unchanged (writers write current versions),
 * reads and subscriptions upcast, so deciders and projections only ever see current versions.
 */
export class UpcastingEventStore extends UpcastingLogReader implements EventStore {
  constructor(
    private readonly store: EventStore,
    upcasters: Upcasters,
  ) {
    super(store, upcasters);
  }

  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.store.append(stream, events, expected);
  }
  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.store.appendStreams(appends);
  }
  readStream(stream: string): AsyncIterable<StoredEvent> {
    return upcasted(this.store.readStream(stream), this.upcasters);
  }
  streamRevision(stream: string): Promise<number | null> {
    return this.store.streamRevision(stream);
  }
}
