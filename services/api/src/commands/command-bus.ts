import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { ApiError, type Clock, type DomainEvent, type EventMetadata } from '@chat/core';
import {
  type EventSchemaRegistry,
  type EventStore,
  type StreamAppendRequest,
  type StreamExpectation,
  WrongExpectedRevision,
} from '@chat/eventstore';
import type { ProjectionRunner } from '@chat/projections';
import { type RequestClaim, RequestAlreadyAccepted } from './request-claim.js';
import { Turnstile } from './turnstile.js';

/** Who asked: the metadata every event of the command will carry. */
export interface Origin {
  actorId: number | null;
  requestId: string;
  client: string;
  /** Set when the client sent a request id on a write: the bus records its first change (see request-claim.ts). */
  request?: RequestClaim;
}

/**
 * 'as_read': the stream as the read models showed it when the decision began, i.e. no event of it
 * after the log position they stood at. What an action deciding from read models must expect.
 */
export const AS_READ = 'as_read';

export interface StreamAppend {
  stream: string;
  expected: StreamExpectation | typeof AS_READ;
  /** None: the stream is only checked against the expectation (a stream the decision read but does not change). */
  events: DomainEvent[];
}

export interface Decision<T> {
  appends: StreamAppend[];
  result: T;
}

const EVENT_ID_NAMESPACE = '6f1d1c1e-4b7a-4a53-9d55-3c1f0d2f5e10';
/** Attempts beside other commands; then the command runs alone in the process for as many more. */
const SHARED_ATTEMPTS = 3;
const ALONE_ATTEMPTS = 3;

type Outcome<T> = { done: true; result: T } | { done: false };

/**
 * A command that lost every attempt to commit to other processes' commits (it cannot lose to this
 * process's once it runs alone): nothing of it was applied, and the client may send it again.
 */
const tooMuchContention = (): ApiError =>
  new ApiError('CONCURRENT_CHANGES', 503, 'What this request changes was changed concurrently too often; nothing was applied. Retry the request.');

/** A decision to take again could not wait for the read models (a store failing): nothing was applied. */
const readModelsBehind = (): ApiError =>
  new ApiError('READ_MODELS_BEHIND', 503, 'The server is catching up with its log; nothing was applied. Retry the request.');

/** How long an appended command waits for its read models before it is answered anyway (see commitAt). */
export const READ_YOUR_WRITES_WAIT_MS = 10_000;

export interface CommandBusOptions {
  /** How long an appended command waits for the read models (READ_YOUR_WRITES_WAIT_MS). */
  readYourWritesMs?: number;
  /** Told when an appended command is answered before its read models caught up. */
  onModelsLate?: (position: number, error: unknown) => void;
}

/**
 * The generic command handler: note the log position the read models stand at, decide, append every
 * stream of the decision atomically with the expectations it read, then wait until the projections
 * have applied what was appended so the caller reads its own write. A conflict re-decides from fresh
 * state; a command that keeps losing runs alone in the process (see Turnstile), so a burst of
 * commands on one stream (a user sending many messages at once) all commit instead of starving.
 */
export class CommandBus {
  private readonly versions = new Map<string, number>();
  /** Commits made so far under each origin (or request claim): part of the event ids, so two commits of one request never share one. */
  private readonly commits = new WeakMap<object, number>();
  private readonly turnstile = new Turnstile();

  constructor(
    private readonly store: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly clock: Clock,
    private readonly registry: EventSchemaRegistry,
    private readonly options: CommandBusOptions = {},
  ) {}

  async run<T>(origin: Origin, decide: () => Promise<Decision<T>>): Promise<T> {
    const owner = passOwner(origin);
    let outcome = await this.turnstile.shared(owner, () => this.attempts(origin, decide, SHARED_ATTEMPTS));
    if (!outcome.done) outcome = await this.turnstile.alone(owner, () => this.attempts(origin, decide, ALONE_ATTEMPTS));
    if (!outcome.done) throw tooMuchContention();
    return outcome.result;
  }

  /** Appends a decision taken from the read models as they stand now (see `run` for one that re-decides). */
  commit(origin: Origin, appends: readonly StreamAppend[]): Promise<number> {
    return this.turnstile.shared(passOwner(origin), () => this.commitAt(origin, appends, this.runner.position));
  }

  /** Decides and commits up to `attempts` times, each from the state after the commit it lost to. */
  private async attempts<T>(origin: Origin, decide: () => Promise<Decision<T>>, attempts: number): Promise<Outcome<T>> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const readAt = this.runner.position;
      const decision = await decide();
      try {
        await this.commitAt(origin, decision.appends, readAt);
        return { done: true, result: decision.result };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        await this.runner.waitFor(await this.store.headPosition(), this.readYourWritesMs).catch(() => {
          throw readModelsBehind();
        });
      }
    }
    return { done: false };
  }

  private async commitAt(origin: Origin, appends: readonly StreamAppend[], readAt: number): Promise<number> {
    const changes = appends.some((append) => append.events.length > 0);
    if (!changes) return this.runner.position;
    const occurred_at = this.clock.now();
    const counted = origin.request ?? origin;
    const commit = this.commits.get(counted) ?? 0;
    const claim = origin.request && !origin.request.accepted ? origin.request : null;
    // The claim goes first: a retry decided again elsewhere fails on it before its events (which
    // share the first attempt's ids) are compared with the first attempt's.
    const all = claim ? [claimAppend(claim), ...appends] : appends;
    const requests: StreamAppendRequest[] = all.map((append) => ({
      stream: append.stream,
      expected: append.expected === AS_READ ? { unchangedSince: readAt } : append.expected,
      events: append.events.map((event, index) => ({
        // The claim's id is new each time: a second taker must conflict, not be taken for a repeat of the first.
        id: claim && append.stream === claim.stream ? randomUUID() : uuidv5(`${origin.actorId ?? 'anonymous'}|${origin.requestId}|${commit}|${append.stream}|${index}|${event.type}`, EVENT_ID_NAMESPACE),
        event,
        metadata: this.metadata(origin, event, occurred_at),
      })),
    }));
    let position: number;
    try {
      ({ position } = await this.store.appendStreams(requests));
    } catch (error) {
      if (claim && error instanceof WrongExpectedRevision && error.stream === claim.stream) throw new RequestAlreadyAccepted(claim);
      throw error;
    }
    this.commits.set(counted, commit + 1);
    if (claim) claim.accepted = true;
    // The events are in the log: the command happened, whatever the read models do now. Should they
    // not catch up in time (a store failing, retried by the runner), the answer goes out all the same
    // (a 500 would have the client send again what was done); what it reads next may be older.
    await this.runner.waitFor(position, this.readYourWritesMs).catch((error: unknown) => this.options.onModelsLate?.(position, error));
    return position;
  }

  private get readYourWritesMs(): number {
    return this.options.readYourWritesMs ?? READ_YOUR_WRITES_WAIT_MS;
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

/** Whose pass through the turnstile a command is: its request's. */
const passOwner = (origin: Origin): string => `${origin.actorId ?? 'anonymous'}|${origin.requestId}`;

/** The request's id taken, in the same commit as its first change: a second taker conflicts. */
function claimAppend(claim: RequestClaim): StreamAppend {
  const { userId: user_id, requestId: request_id, fingerprint } = claim;
  // Not 'no_stream': an id taken more than a day ago (and forgotten by the ledger) may be taken again.
  return { stream: claim.stream, expected: { unchangedSince: claim.seenAt }, events: [{ type: 'RequestAccepted', data: { user_id, request_id, fingerprint } }] };
}
