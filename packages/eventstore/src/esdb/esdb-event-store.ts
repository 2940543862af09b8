import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  EventStoreDBClient,
  type ReadPosition,
  StreamNotFoundError,
} from '@eventstore/db-client';
import type { StoredEvent } from '@chat/core';
import type {
  AppendResult,
  EventListener,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  StreamAppendRequest,
} from '../event-store.js';
import { appendStreamsInTurn } from './esdb-multi-append.js';
import { readFrom, toAppendError, toEventData, toExpectedRevision, toStoredEvent } from './esdb-mapping.js';
import { subscribeToAll } from './esdb-subscription.js';

const BACKWARD_PAGE = 100;

export interface EsdbEventStoreOptions {
  /** Where subscription failures are reported; the subscription then resumes where it stopped. */
  onError?: (error: unknown) => void;
}

/**
 * The production log: EventStoreDB through its gRPC client. The only module that talks to it, so a
 * move to the renamed KurrentDB client changes this folder alone. Positions: see esdb-mapping.ts.
 */
export class EsdbEventStore implements EventStore {
  private readonly stops = new Set<() => void>();
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly client: EventStoreDBClient,
    options: EsdbEventStoreOptions = {},
  ) {
    this.onError = options.onError ?? ((error) => console.error('EventStoreDB subscription:', error));
  }

  /** `url` is an esdb:// connection string, e.g. esdb://eventstore:2113?tls=false. */
  static connect(url: string, options?: EsdbEventStoreOptions): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(url), options);
  }

  async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    let nextExpectedRevision: bigint;
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      nextExpectedRevision = result.nextExpectedRevision;
    } catch (error) {
      throw toAppendError(error, stream, expected);
    }
    // The append reply's position is not the last event's own log position in every case (a
    // retried append reports none at all), so ask the stream where that event landed.
    const revision = Number(nextExpectedRevision);
    const last = await this.eventAt(stream, nextExpectedRevision);
    if (!last) throw new Error(`Stream ${stream}: appended revision ${revision} cannot be read back`);
    return { position: last.position, revision };
  }

  /** EventStoreDB appends one stream per call: see esdb-multi-append.ts for what that promises. */
  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return appendStreamsInTurn(this, appends);
  }

  async *readStream(stream: string): AsyncIterable<StoredEvent> {
    try {
      for await (const resolved of this.client.readStream(stream)) {
        const event = toStoredEvent(resolved);
        if (event) yield event;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    const after = options.fromPosition ?? 0;
    let left = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (left <= 0) return;
    // maxCount is applied here, not by the server, because system events are filtered out here.
    for await (const resolved of this.client.readAll({ fromPosition: readFrom(after) })) {
      const event = toStoredEvent(resolved);
      if (!event || event.position <= after) continue;
      yield event;
      left -= 1;
      if (left <= 0) return;
    }
  }

  /** One read of `$all` per position: EventStoreDB has no point read by position. */
  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (const position of positions) {
      for await (const event of this.readAll({ fromPosition: position - 1, maxCount: 1 })) if (event.position === position) events.push(event);
    }
    return events;
  }

  async streamRevision(stream: string): Promise<number | null> {
    return (await this.lastEvent(stream))?.revision ?? null;
  }

  /** The stream's last event, read backwards so that long streams cost one event. */
  async lastEvent(stream: string): Promise<StoredEvent | null> {
    try {
      for await (const resolved of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        return toStoredEvent(resolved);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return null;
  }

  async headPosition(): Promise<number> {
    // The tail of $all is often a system event (statistics, scavenges); the head is our last event.
    let from: ReadPosition = END;
    for (;;) {
      let oldest: AllStreamResolvedEvent | null = null;
      let count = 0;
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: BACKWARD_PAGE })) {
        const event = toStoredEvent(resolved);
        if (event) return event.position;
        oldest = resolved;
        count += 1;
      }
      if (count < BACKWARD_PAGE || !oldest?.event) return 0;
      from = oldest.event.position;
    }
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    const stop = subscribeToAll(this.client, fromPosition, listener, this.onError);
    const unsubscribe = () => {
      this.stops.delete(unsubscribe);
      stop();
    };
    this.stops.add(unsubscribe);
    return unsubscribe;
  }

  async close(): Promise<void> {
    for (const stop of [...this.stops]) stop();
    await this.client.dispose();
  }

  private async eventAt(stream: string, revision: bigint): Promise<StoredEvent | null> {
    for await (const resolved of this.client.readStream(stream, { fromRevision: revision, maxCount: 1 })) {
      return toStoredEvent(resolved);
    }
    return null;
  }
}
