import type { StoredEvent } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { CheckpointStore } from '@chat/readstore';
import type { Projection } from './projection.js';
import { ProjectionDispatch } from './projection-dispatch.js';

export const READ_MODELS_CHECKPOINT = 'read-models';

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Applies the log to the projections in order, one event at a time, and keeps a checkpoint.
 * Commands call waitFor(position) after appending so the client reads its own write.
 */
export class ProjectionRunner {
  private readonly pending: StoredEvent[] = [];
  private waiters: Waiter[] = [];
  private draining = false;
  private unsubscribe: (() => void) | null = null;
  private failedWith: Error | null = null;
  /** While set, no event is applied: readers see the models exactly at `position`. */
  private gate: Promise<void> | null = null;
  private applying: Promise<unknown> | null = null;
  /** Position of the last event every projection has applied. */
  position = 0;
  private sinceCheckpoint = 0;
  private readonly dispatch: ProjectionDispatch;

  constructor(
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly checkpoints: CheckpointStore,
    private readonly options: { checkpointEvery?: number; onError?: (error: Error) => void } = {},
  ) {
    this.dispatch = new ProjectionDispatch(projections);
  }

  /**
   * Catches up with the log from the stored checkpoint, reading it page by page as it applies (so a
   * long log is never held in memory at once), then follows new appends.
   */
  async start(): Promise<void> {
    this.position = await this.startPosition();
    for await (const event of this.store.readAll({ fromPosition: this.position })) {
      if (event.position <= this.position) continue;
      const pending = this.dispatch.apply(event);
      if (pending) await pending;
      this.position = event.position;
      if (this.checkpointDue()) await this.checkpoint();
    }
    this.dispatch.holdBack(null);
    await this.checkpoint();
    await this.dispatch.caughtUp();
    // Whatever was appended since the last page read is delivered by the subscription's own catch-up.
    const head = await this.store.headPosition();
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

  /** Why applying stopped, once a projection has failed: the models are stale from then on. */
  get failure(): Error | null {
    return this.failedWith;
  }

  waitFor(position: number): Promise<void> {
    if (this.failedWith) return Promise.reject(this.failedWith);
    if (this.position >= position) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ position, resolve, reject }));
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
    while (this.draining) await new Promise((resolve) => setImmediate(resolve));
    await this.checkpoints.set(READ_MODELS_CHECKPOINT, this.position);
  }

  private enqueue(events: readonly StoredEvent[]): void {
    for (const event of events) this.pending.push(event);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let index = 0;
      while (index < this.pending.length) {
        const event = this.pending[index++];
        if (event.position <= this.position) continue;
        while (this.gate) await this.gate;
        this.applying = this.dispatch.apply(event) ?? null;
        if (this.applying) await this.applying;
        this.applying = null;
        this.position = event.position;
        if (this.checkpointDue()) await this.checkpoint();
        if (index >= 4096) {
          this.pending.splice(0, index);
          index = 0;
        }
        this.release();
      }
      this.pending.length = 0;
      await this.checkpoint();
    } catch (error) {
      this.failedWith = error instanceof Error ? error : new Error(String(error));
      this.options.onError?.(this.failedWith);
      for (const waiter of this.waiters) waiter.reject(this.failedWith);
      this.waiters = [];
    } finally {
      this.draining = false;
    }
    this.release();
    // Events that arrived while the final checkpoint was written found draining set and were only queued.
    if (!this.failedWith && this.pending.length > 0) void this.drain();
  }

  /** Counts an applied event; true every `checkpointEvery` events (1000 by default): time to record the position. */
  private checkpointDue(): boolean {
    return ++this.sinceCheckpoint >= (this.options.checkpointEvery ?? 1000);
  }

  /** Records the position if events were applied since it was last recorded. */
  private async checkpoint(): Promise<void> {
    if (this.sinceCheckpoint === 0) return;
    this.sinceCheckpoint = 0;
    await this.checkpoints.set(READ_MODELS_CHECKPOINT, this.position);
  }

  private release(): void {
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= this.position) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }
}
