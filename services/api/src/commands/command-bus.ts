import { v5 as uuidv5 } from 'uuid';
import type { Clock, DomainEvent, EventMetadata } from '@chat/core';
import { type EventSchemaRegistry, type EventStore, type ExpectedRevision, WrongExpectedRevision } from '@chat/eventstore';
import type { ProjectionRunner } from '@chat/projections';

/** Who asked: the metadata every event of the command will carry. */
export interface Origin {
  actorId: number | null;
  requestId: string;
  client: string;
}

export interface StreamAppend {
  stream: string;
  expected: ExpectedRevision;
  events: DomainEvent[];
}

export interface Decision<T> {
  appends: StreamAppend[];
  result: T;
}

const EVENT_ID_NAMESPACE = '6f1d1c1e-4b7a-4a53-9d55-3c1f0d2f5e10';
const MAX_ATTEMPTS = 4;

/**
 * The generic command handler: decide from the read models, append with expected revisions, then
 * wait until the projections have applied what was appended so the caller reads its own write.
 * A concurrency conflict re-decides from fresh state a bounded number of times.
 */
export class CommandBus {
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly clock: Clock,
    private readonly registry: EventSchemaRegistry,
  ) {}

  async run<T>(origin: Origin, decide: () => Promise<Decision<T>>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const decision = await decide();
      try {
        await this.commit(origin, decision.appends);
        return decision.result;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
        await this.runner.waitFor(await this.store.headPosition());
      }
    }
  }

  /** Appends each stream's events in order and waits for the read models to catch up. */
  async commit(origin: Origin, appends: readonly StreamAppend[]): Promise<number> {
    let last = this.runner.position;
    const occurred_at = this.clock.now();
    for (const append of appends) {
      if (append.events.length === 0) continue;
      const items = append.events.map((event, index) => ({
        id: uuidv5(`${origin.requestId}|${append.stream}|${index}`, EVENT_ID_NAMESPACE),
        event,
        metadata: this.metadata(origin, event, occurred_at),
      }));
      last = (await this.store.append(append.stream, items, append.expected)).position;
    }
    await this.runner.waitFor(last);
    return last;
  }

  private metadata(origin: Origin, event: DomainEvent, occurred_at: number): EventMetadata {
    return {
      actor_id: origin.actorId,
      occurred_at,
      request_id: origin.requestId,
      client: origin.client,
      schema_version: this.schemaVersion(event.type),
      causation_id: null,
      correlation_id: origin.requestId,
    };
  }

  private schemaVersion(type: string): number {
    let version = this.versions.get(type);
    if (version === undefined) {
      version = this.registry.latestVersion(type) ?? 1;
      this.versions.set(type, version);
    }
    return version;
  }
}
