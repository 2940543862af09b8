import type { DomainEvent, EventMetadata, StoredEvent } from '@chat/core';

/** What the appender expects the stream to look like before its events land. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | bigint | number;

export interface EventToAppend {
  /** Deterministic per request, so a retried append is recognised rather than doubled. */
  id: string;
  event: DomainEvent;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Global position of the last event appended. */
  position: number;
  /** Revision of the stream's last event. */
  revision: number;
}

export interface ReadAllOptions {
  /** Events after this position (0: from the start). A position is opaque: never computed, only compared. */
  fromPosition?: number;
  /** The event at `fromPosition` itself included too (an export's first position). */
  inclusive?: boolean;
  maxCount?: number;
}

/**
 * What a multi-stream append expects of one stream: a revision as above, or that the stream has no
 * event after a log position (the position the read models stood at when the decision read them).
 */
export type StreamExpectation = ExpectedRevision | { unchangedSince: number };

/** One stream's part of an atomic append; with no events it is only checked. */
export interface StreamAppendRequest {
  stream: string;
  events: readonly EventToAppend[];
  expected: StreamExpectation;
}

/**
 * Told of new events. A listener that returns a promise is given no more until it settles, where the
 * store can hold back (EventStoreDB: the subscription stops reading; see esdb-subscription.ts).
 */
export type EventListener = (events: readonly StoredEvent[]) => void | Promise<void>;

/**
 * The durable log. Positions are global and increase in append order; revisions count from 0
 * within a stream. An append with a wrong expectation changes nothing and throws WrongExpectedRevision.
 */
export interface EventStore {
  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one command: every stream's expectation is checked and either all
   * events are stored or none (see docs/topics/atomic-commands.md for what EventStoreDB can promise).
   * Answers the position of the last event stored, or the head when nothing was to be stored.
   */
  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }>;
  readStream(stream: string): AsyncIterable<StoredEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent>;
  /**
   * The events at these positions, in the order asked; a position without an event is left out.
   * Point reads for data kept only in the log (message bodies, read by the position that carried them).
   */
  readAt(positions: readonly number[]): Promise<StoredEvent[]>;
  /** Revision of a stream's last event, or null when the stream does not exist. */
  streamRevision(stream: string): Promise<number | null>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Calls the listener with every event after `fromPosition`, in order: first those already stored,
   * then each new one as it is appended. Returns a function that stops the subscription.
   */
  subscribe(fromPosition: number, listener: EventListener): () => void;
  close(): Promise<void>;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly stream: string,
    readonly expected: StreamExpectation,
    readonly actual: number | null,
  ) {
    super(`Stream ${stream}: expected revision ${describe(expected)}, found ${actual === null ? 'no stream' : actual}`);
    this.name = 'WrongExpectedRevision';
  }
}

const describe = (expected: StreamExpectation): string =>
  typeof expected === 'object' ? `unchanged since position ${expected.unchangedSince}` : String(expected);

/** Whether a stream whose last event has `last` (revision and position) meets the expectation. */
export function expectationMet(expected: StreamExpectation, last: { revision: number; position: number } | undefined): boolean {
  if (typeof expected === 'object') return last === undefined || last.position <= expected.unchangedSince;
  return revisionMatches(expected, last?.revision ?? null);
}

export function revisionMatches(expected: ExpectedRevision, actual: number | null): boolean {
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return actual !== null && BigInt(actual) === BigInt(expected);
}
