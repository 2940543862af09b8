import type { Clock } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { ProjectionRunner } from '@chat/projections';
import type { StorageArea, StorageHealth } from '../files/storage-health.js';

/** A server this many events behind the log, or fewer, still counts as caught up (appends land between two looks). */
export const READY_MAX_LAG_EVENTS = 100;
/** Lag is counted up to this many events; past it the number says "at least". */
const LAG_COUNT_LIMIT = 10_000;

export interface Lag {
  events: number;
  seconds: number;
}

export type NotReadyReason = 'projection_failed' | 'projection_retrying' | 'log_unreachable' | 'stopping' | 'storage_full' | 'catching_up';

export interface Readiness {
  ready: boolean;
  /** Why not, when not ready. */
  reason?: NotReadyReason;
  /** With projection_retrying and log_unreachable: what fails, and since when. */
  failing?: { what: string; error: string; attempts?: number; seconds?: number };
  /** With `storage_full`: what the server cannot write for lack of space. */
  storage?: StorageArea[];
  lag: Lag | null;
}

/**
 * Liveness and readiness. Ready means: the read models are caught up with the log (within
 * READY_MAX_LAG_EVENTS), no projection is failing, the log answers, the server is not shutting
 * down, and none of its writes is failing for lack of space. A projection whose store fails is retried
 * with backoff (projection_retrying, with the error); past its deadline the runner gives up
 * (projection_failed) and the process exits, so its orchestrator replaces it. A full disk passes: the
 * server still answers reads, and is ready again by itself once space is freed.
 */
export class ServerHealth {
  private stopping = false;

  constructor(
    private readonly runner: Pick<ProjectionRunner, 'position' | 'failure' | 'retrying'>,
    private readonly store: Pick<EventStore, 'headPosition' | 'readAll'>,
    private readonly clock: Clock,
    private readonly storage: Pick<StorageHealth, 'full'>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** From now on /ready says no: the server is draining before it stops. */
  markStopping(): void {
    this.stopping = true;
  }

  /**
   * How far the read models are behind the log: events not applied (counted by reading them: a
   * position is no count), and the age of the oldest of them.
   */
  async lag(): Promise<Lag> {
    const position = this.runner.position;
    if ((await this.store.headPosition()) <= position) return { events: 0, seconds: 0 };
    let events = 0;
    let oldest: number | null = null;
    for await (const event of this.store.readAll({ fromPosition: position, maxCount: LAG_COUNT_LIMIT })) {
      oldest ??= event.metadata.occurred_at;
      events += 1;
    }
    return { events, seconds: oldest === null ? 0 : Math.max(0, (this.clock.now() - oldest) / 1000) };
  }

  async readiness(): Promise<Readiness> {
    let lag: Lag | null = null;
    let unreachable: Error | null = null;
    try {
      lag = await this.lag();
    } catch (error) {
      unreachable = error instanceof Error ? error : new Error(String(error));
    }
    const failure = this.runner.failure;
    if (failure) return { ready: false, reason: 'projection_failed', failing: { what: 'projections', error: failure.message }, lag };
    if (this.stopping) return { ready: false, reason: 'stopping', lag };
    const retrying = this.runner.retrying;
    if (retrying) {
      const seconds = Math.round((this.now() - retrying.since) / 100) / 10;
      return { ready: false, reason: 'projection_retrying', failing: { what: retrying.failing, error: retrying.error.message, attempts: retrying.attempts, seconds }, lag };
    }
    if (unreachable) return { ready: false, reason: 'log_unreachable', failing: { what: 'log', error: unreachable.message }, lag };
    const full = this.storage.full();
    if (full.length > 0) return { ready: false, reason: 'storage_full', lag, storage: full };
    if (lag && lag.events > READY_MAX_LAG_EVENTS) return { ready: false, reason: 'catching_up', lag };
    return { ready: true, lag };
  }
}
