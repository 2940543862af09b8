import { END, EventStoreDBClient, type ReadPosition, START } from '@eventstore/db-client';
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
import { WrongExpectedRevision } from '../event-store.js';
import { appendStreamsInTurn } from './esdb-multi-append.js';
import { readFrom, toAppendError, toEventData, toExpectedRevision } from './esdb-mapping.js';
import { StreamNamespace } from './esdb-namespace.js';
import { allBackwards, allForwards, isInvalidPosition, PAGE, recordPosition, streamPage } from './esdb-reads.js';
import { appendOnce } from './esdb-stream-exists.js';
import { subscribeToAll } from './esdb-subscription.js';

/** Point reads of one batch (message bodies) in flight at once: well under a connection's 100 streams. */
const POINT_READS_AT_ONCE = 16;

export interface EsdbEventStoreOptions {
  /** Where subscription failures are reported; the subscription then resumes where it stopped. */
  onError?: (error: unknown) => void;
  /** ESDB_STREAM_PREFIX: this log is the streams named with it (see esdb-namespace.ts). */
  streamPrefix?: string;
}

/**
 * The production log: EventStoreDB through its gRPC client. The only module that talks to it, so a
 * move to the renamed KurrentDB client changes this folder alone. Positions: see esdb-mapping.ts;
 * reads: see esdb-reads.ts (every call bounded and read to its end).
 */
export class EsdbEventStore implements EventStore {
  private readonly stops = new Set<() => void>();
  private readonly onError: (error: unknown) => void;
  private readonly names: StreamNamespace;
  /** The newest position found by headPosition: a later search backwards stops there. */
  private knownHead = 0;

  constructor(
    private readonly client: EventStoreDBClient,
    options: EsdbEventStoreOptions = {},
  ) {
    this.onError = options.onError ?? ((error) => console.error('EventStoreDB subscription:', error));
    this.names = new StreamNamespace(options.streamPrefix);
  }

  /** `url` is an esdb:// connection string, e.g. esdb://eventstore:2113?tls=false. */
  static connect(url: string, options?: EsdbEventStoreOptions): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(url), options);
  }

  async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (expected === 'stream_exists') return appendOnce(this, stream, events);
    let nextExpectedRevision: bigint;
    try {
      const result = await this.client.appendToStream(this.names.outer(stream), events.map(toEventData), { expectedRevision: toExpectedRevision(expected) });
      // A connection string with throwOnAppendFailure=false makes a conflict a result instead of an error.
      if (!result.success) throw new WrongExpectedRevision(stream, expected, result.nextExpectedRevision < 0n ? null : Number(result.nextExpectedRevision));
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
    let from: bigint | typeof START = START;
    for (;;) {
      const page = await streamPage(this.client, this.names.outer(stream), from);
      for (const resolved of page) {
        const event = this.names.event(resolved);
        if (event) yield event;
      }
      const last = page[page.length - 1]?.event;
      if (page.length < PAGE || !last) return;
      from = last.revision + 1n;
    }
  }

  /**
   * Page by page, each page read whole. A start that is no record boundary (a number that did not
   * come from this log) is refused by the server: the log is then scanned from its start instead.
   */
  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    const from = options.fromPosition ?? 0;
    const wanted = options.inclusive ? (position: number) => position >= from : (position: number) => position > from;
    let left = options.maxCount ?? Number.POSITIVE_INFINITY;
    let start: ReadPosition = from > 0 ? readFrom(from) : START;
    let seen = -1;
    while (left > 0) {
      let page;
      try {
        page = await allForwards(this.client, start);
      } catch (error) {
        if (start === START || !isInvalidPosition(error)) throw error;
        start = START;
        continue;
      }
      for (const record of page) {
        const event = this.names.event(record);
        if (!event || event.position <= seen || !wanted(event.position)) continue;
        yield event;
        if (--left <= 0) return;
      }
      const last = page.length === PAGE ? recordPosition(page[PAGE - 1]) : null;
      if (!last) return;
      // The next page starts at the last record read (the server's start is inclusive).
      start = last.at;
      seen = last.position;
    }
  }

  /** One bounded read of `$all` at each position (EventStoreDB has no point read by position). */
  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    const found: (StoredEvent | null)[] = [];
    for (let index = 0; index < positions.length; index += POINT_READS_AT_ONCE) {
      found.push(...(await Promise.all(positions.slice(index, index + POINT_READS_AT_ONCE).map((position) => this.eventAtPosition(position)))));
    }
    return found.filter((event): event is StoredEvent => event !== null);
  }

  async streamRevision(stream: string): Promise<number | null> {
    return (await this.lastEvent(stream))?.revision ?? null;
  }

  /** The stream's last event, read backwards so that long streams cost one event. */
  async lastEvent(stream: string): Promise<StoredEvent | null> {
    return (await this.lastEvents(stream, 1))[0] ?? null;
  }

  /** Up to `count` of the stream's last events, newest first. */
  async lastEvents(stream: string, count: number): Promise<StoredEvent[]> {
    const page = await streamPage(this.client, this.names.outer(stream), END, count, true);
    return page.map((resolved) => this.names.event(resolved)).filter((event): event is StoredEvent => event !== null);
  }

  /**
   * The newest event of this log, searched backwards from the end of `$all` (its tail is often system
   * events, or other prefixes' events) down to the head found last time, which is still a lower bound.
   */
  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await allBackwards(this.client, from);
      for (const record of page) {
        const event = this.names.event(record);
        const at = recordPosition(record);
        if (event) return (this.knownHead = Math.max(this.knownHead, event.position));
        if (at && at.position <= this.knownHead) return this.knownHead;
      }
      const oldest = page.length === PAGE ? recordPosition(page[PAGE - 1]) : null;
      if (!oldest) return this.knownHead;
      from = oldest.at;
    }
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    const stop = subscribeToAll(this.client, this.names, fromPosition, listener, this.onError);
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

  /** The event at a stream revision, or null. */
  async eventAt(stream: string, revision: bigint): Promise<StoredEvent | null> {
    const [resolved] = await streamPage(this.client, this.names.outer(stream), revision, 1);
    return resolved ? this.names.event(resolved) : null;
  }

  /** The event at exactly this position; null when no event of this log is there (a refused start included). */
  private async eventAtPosition(position: number): Promise<StoredEvent | null> {
    if (!Number.isSafeInteger(position) || position <= 0) return null;
    try {
      const [record] = await allForwards(this.client, readFrom(position), 1);
      const event = record ? this.names.event(record) : null;
      return event?.position === position ? event : null;
    } catch (error) {
      if (isInvalidPosition(error)) return null;
      throw error;
    }
  }
}
