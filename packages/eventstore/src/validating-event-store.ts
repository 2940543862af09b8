import type { StoredEvent } from '@chat/core';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from './event-store.js';
import type { EventSchemaRegistry } from './schema-registry.js';

export class InvalidEventError extends Error {
  constructor(type: string, detail: string) {
    super(`Event ${type} does not match its schema: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/** Refuses any event whose data or metadata does not match its JSON Schema, before it reaches the log. */
export class ValidatingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly registry: EventSchemaRegistry,
    /** Told how long each append took, validation included, in seconds (the append-latency metric). */
    private readonly timed: (seconds: number) => void = () => {},
  ) {}

  async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const started = performance.now();
    this.validate(events);
    const result = await this.inner.append(stream, events, expected);
    this.timed((performance.now() - started) / 1000);
    return result;
  }

  async appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    const started = performance.now();
    for (const append of appends) this.validate(append.events);
    const result = await this.inner.appendStreams(appends);
    this.timed((performance.now() - started) / 1000);
    return result;
  }

  private validate(events: readonly EventToAppend[]): void {
    for (const { event, metadata } of events) {
      const problem = this.registry.check(event.type, metadata.schema_version, event.data);
      if (problem) throw new InvalidEventError(event.type, problem);
      if (!this.registry.validateMetadata(metadata)) {
        throw new InvalidEventError(event.type, `metadata ${JSON.stringify(this.registry.validateMetadata.errors)}`);
      }
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
