import type { StoredEvent } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { CheckpointStore } from '@chat/readstore';
import type { Applied, Projection } from './projection.js';
import { ProjectionDispatch, ProjectionFailed } from './projection-dispatch.js';
import { PositionWaiters } from './position-waiters.js';
import { DEFAULT_RETRY_POLICY, ProjectionsGaveUp, realRetryClock, Retries, RetriesStopped, type RetryClock, type RetryPolicy, type RetryState } from './projection-retry.js';

export const READ_MODELS_CHECKPOINT = 'read-models';

/** Events held in memory, past which the subscription is asked to wait (back-pressure). */
const HIGH_WATER = 10_000;

export interface ProjectionRunnerOptions {
  checkpointEvery?: number;
  /** Told once, when the runner gives up: the models are stale for good, and the process should go. */
  onError?: (error: Error) => void;
  /** Told of every failure that will be tried again, with the wait before the next attempt. */
  onRetry?: (state: RetryState, delayMs: number) => void;
  retry?: Partial<RetryPolicy>;
  clock?: RetryClock;
  highWater?: number;
}

/**
 * Applies the log to the projections in order, one event at a time, and keeps a checkpoint.
 * Commands call waitFor(position) after appending so the client reads its own write. A failure
 * (a store that does not answer) is retried with backoff, the event resumed at the projection that
 * failed; past the policy's deadline the runner gives up (see projection-retry.ts).
 */
export class ProjectionRunner {
  private readonly pending: StoredEvent[] = [];
  /** The next event of `pending` to apply; those before it are applied. */
  private cursor = 0;
  private readonly waiters = new PositionWaiters();
  private draining = false;
  private unsubscribe: (() => void) | null = null;
  private failedWith: Error | null = null;
  /** While set, no event is applied: readers see the models exactly at `position`. */
  private gate: Promise<void> | null = null;
  private applying: Promise<unknown> | null = null;
  /** Position of the last event every projection has applied. */
  position = 0;
  /** Events applied since this runner started (positions are no count: on EventStoreDB they are byte offsets). */
  applied = 0;
  private sinceCheckpoint = 0;
  private readonly dispatch: ProjectionDispatch;
  private readonly retries: Retries;
  private readonly clock: RetryClock;
  private readonly highWater: number;
  private backlogDrained: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly checkpoints: CheckpointStore,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.dispatch = new ProjectionDispatch(projections);
    this.clock = options.clock ?? realRetryClock;
    this.retries = new Retries({ ...DEFAULT_RETRY_POLICY, ...options.retry }, this.clock, options.onRetry);
    this.highWater = options.highWater ?? HIGH_WATER;
  }

  /**
   * Catches up with the log from the stored checkpoint, reading it page by page as it applies (so a
   * long log is never held in memory at once), then follows new appends. A read of the log that
   * fails is retried from the position reached.
   */
  async start(): Promise<void> {
    this.position = await this.untilItWorks('log', () => this.startPosition());
    for (;;) {
      try {
        for await (const event of this.store.readAll({ fromPosition: this.position })) {
          if (event.position <= this.position) continue;
          await this.apply(event);
          if (this.checkpointDue()) await this.checkpoint();
        }
        this.retries.succeeded();
        break;
      } catch (error) {
        if (error instanceof ProjectionsGaveUp) throw error;
        await this.retries.failed('log', error);
      }
    }
    this.dispatch.holdBack(null);
    await this.checkpoint();
    await this.untilItWorks('log', () => this.dispatch.caughtUp());
    // Whatever was appended since the last page read is delivered by the subscription's own catch-up.
    const head = await this.untilItWorks('log', () => this.store.headPosition());
    this.unsubscribe = this.store.subscribe(this.position, (events) => this.enqueue(events));
    await this.waitFor(head);
  }

  /**
   * Where catching up starts: the lowest of the read-models checkpoint and the positions durable
   * projections already hold (restoredPosition); until the head, each projection is given only the
   * events after its own position (the others' is the checkpoint).
   */
  private async startPosition(): Promise<number> {
    const checkpoint = await this.checkpoints.get(READ_MODELS_CHECKPOINT);
    const floors = new Map<Projection, number>();
    for (const projection of this.projections) floors.set(projection, projection.restoredPosition ? await projection.restoredPosition() : checkpoint);
    const lowest = Math.min(checkpoint, ...floors.values());
    if ([...floors.values()].some((floor) => floor > lowest)) this.dispatch.holdBack(floors);
    return lowest;
  }

  /** Why applying stopped, once the runner gave up: the models are stale from then on. */
  get failure(): Error | null {
    return this.failedWith;
  }

  /** The run of failures being retried, or null. */
  get retrying(): RetryState | null {
    return this.failedWith ? null : this.retries.state;
  }

  /**
   * Resolves once the models stand at `position`. Rejects when the runner has given up, and, given a
   * bound, with ReadModelsBehind once `withinMs` have passed (a runner retrying a failing store).
   */
  waitFor(position: number, withinMs?: number): Promise<void> {
    if (this.failedWith) return Promise.reject(this.failedWith);
    if (this.position >= position) return Promise.resolve();
    return this.waiters.wait(position, withinMs, () => this.position);
  }

  /**
   * Runs `read` while no event is being applied, so what it reads is the state at exactly `position`
   * (register uses this to take a snapshot that matches its queue's start).
   */
  async exclusive<T>(read: (position: number) => Promise<T>): Promise<T> {
    while (this.gate) await this.gate;
    let open = (): void => {};
    this.gate = new Promise((resolve) => (open = resolve));
    try {
      if (this.applying) await this.applying;
      return await read(this.position);
    } finally {
      this.gate = null;
      open();
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopped = true;
    this.retries.stop();
    this.releaseBacklog();
    while (this.draining) await new Promise((resolve) => setImmediate(resolve));
    // After giving up, or while the store fails, the last checkpoint written stands.
    if (!this.failedWith && !this.retries.state) await this.checkpoints.set(READ_MODELS_CHECKPOINT, this.position);
  }

  /** Queues new events; answers a promise while too many wait, so the subscription holds back. */
  private enqueue(events: readonly StoredEvent[]): Promise<void> | undefined {
    for (const event of events) this.pending.push(event);
    if (!this.draining && !this.failedWith) void this.drain();
    if (this.pending.length - this.cursor < this.highWater || this.failedWith) return undefined;
    return new Promise((resolve) => (this.backlogDrained = resolve));
  }

  private releaseBacklog(): void {
    const resume = this.backlogDrained;
    this.backlogDrained = null;
    resume?.();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      this.cursor = 0;
      while (this.cursor < this.pending.length) {
        const event = this.pending[this.cursor++];
        if (event.position <= this.position) continue;
        while (this.gate) await this.gate;
        this.applying = this.apply(event) ?? null;
        if (this.applying) await this.applying;
        this.applying = null;
        if (this.checkpointDue()) await this.checkpoint();
        if (this.cursor >= 4096) {
          this.pending.splice(0, this.cursor);
          this.cursor = 0;
        }
        if (this.pending.length - this.cursor < this.highWater / 2) this.releaseBacklog();
        this.release();
      }
      this.pending.length = 0;
      this.cursor = 0;
      this.releaseBacklog();
      await this.checkpoint();
    } catch (error) {
      if (!(error instanceof RetriesStopped)) this.giveUp(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.applying = null;
      this.draining = false;
    }
    this.release();
    // Events that arrived while the final checkpoint was written found draining set and were only queued.
    if (!this.failedWith && !this.stopped && this.pending.length > 0) void this.drain();
  }

  /**
   * Applies an event to every projection that reads it; a failure is retried from the projection that
   * failed (the ones before it have applied the event). Without a failure, nothing is awaited here
   * that the projections did not return.
   */
  private apply(event: StoredEvent): Applied {
    let pending: Applied;
    try {
      pending = this.dispatch.apply(event);
    } catch (error) {
      return this.retryApply(event, error);
    }
    if (!pending) return this.advance(event);
    return pending.then(
      () => this.advance(event),
      (error: unknown) => this.retryApply(event, error),
    );
  }

  private async retryApply(event: StoredEvent, error: unknown): Promise<void> {
    for (let failure = error; ; ) {
      if (!(failure instanceof ProjectionFailed)) throw failure;
      await this.retries.failed(failure.projection.name, failure.cause);
      try {
        const pending = this.dispatch.apply(event, failure.index, failure.facts);
        if (pending) await pending;
        return this.advance(event);
      } catch (next) {
        failure = next;
      }
    }
  }

  private advance(event: StoredEvent): undefined {
    this.position = event.position;
    this.applied += 1;
    if (this.retries.state) this.retries.succeeded();
    return undefined;
  }

  /** Runs `work` until it succeeds, retried as an event is. */
  private async untilItWorks<T>(failing: string, work: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        const result = await work();
        this.retries.succeeded();
        return result;
      } catch (error) {
        await this.retries.failed(failing, error);
      }
    }
  }

  private giveUp(error: Error): void {
    this.failedWith = error;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.releaseBacklog();
    this.options.onError?.(error);
    this.waiters.rejectAll(error);
  }

  /** Counts an applied event; true every `checkpointEvery` events (1000 by default): time to record the position. */
  private checkpointDue(): boolean {
    return ++this.sinceCheckpoint >= (this.options.checkpointEvery ?? 1000);
  }

  /** Records the position if events were applied since it was last recorded. */
  private async checkpoint(): Promise<void> {
    if (this.sinceCheckpoint === 0) return;
    this.sinceCheckpoint = 0;
    const position = this.position;
    await this.untilItWorks('checkpoint', () => this.checkpoints.set(READ_MODELS_CHECKPOINT, position));
  }

  private release(): void {
    this.waiters.release(this.position);
  }
}
