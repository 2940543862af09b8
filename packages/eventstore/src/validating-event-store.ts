import { DelegatingEventStore } from './delegating-event-store.js';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, StreamAppendRequest } from './event-store.js';
import type { EventSchemaRegistry } from './schema-registry.js';

export class InvalidEventError extends Error {
  constructor(type: string, detail: string) {
    super(`Event ${type} does not match its schema: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/** Refuses any event whose data or metadata does not match its JSON Schema, before it reaches the log. */
export class ValidatingEventStore extends DelegatingEventStore {
  constructor(
    inner: EventStore,
    private readonly registry: EventSchemaRegistry,
    /** Told how long each append took, validation included, in seconds (the append-latency metric). */
    private readonly timed: (seconds: number) => void = () => {},
  ) {
    super(inner);
  }

  override async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const started = performance.now();
    this.validate(events);
    const result = await this.inner.append(stream, events, expected);
    this.timed((performance.now() - started) / 1000);
    return result;
  }

  override async appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
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
}
