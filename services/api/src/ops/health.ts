import type { Clock } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { ProjectionRunner } from '@chat/projections';
import type { StorageArea, StorageHealth } from './storage-health.js';

/** A server this many events behind the log, or fewer, still counts as caught up (appends land between two looks). */
export const READY_MAX_LAG_EVENTS = 100;
/** Lag is counted up to this many events; past it the number says "at least". */
const LAG_COUNT_LIMIT = 10_000;

export interface Lag {
  events: number;
  seconds: number;
}

export interface Readiness {
  ready: boolean;
  /** Why not, when not ready. */
  reason?: 'projection_failed' | 'stopping' | 'storage_full' | 'catching_up';
  lag: Lag;
  /** With `storage_full`: what the server cannot write for lack of space. */
  storage?: StorageArea[];
}

/**
 * Liveness and readiness. Ready means: the read models are caught up with the log (within
 * READY_MAX_LAG_EVENTS), no projection has failed, the server is not shutting down, and none of its
 * writes is failing for lack of space. A failed projection leaves the models stale for good: the
 * process must be replaced, and a load balancer asking /ready stops sending it requests. A full disk
 * passes: the server still answers reads, and is ready again by itself once space is freed.
 */
export class ServerHealth {
  private stopping = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly storage: Pick<StorageHealth, 'full'>,
  ) {}

  /** From now on /ready says no: the server is draining before it stops. */
  markStopping(): void {
    this.stopping = true;
  }

  /** How far the read models are behind the log: events not applied, and the age of the oldest of them. */
  async lag(): Promise<Lag> {
    const position = this.runner.position;
    if ((await this.store.headPosition()) <= position) return { events: 0, seconds: 0 };
    let events = 0;
    let oldest: number | null = null;
    for await (const event of this.store.readAll({ fromPosition: position, maxCount: LAG_COUNT_LIMIT + 1 })) {
      if (event.position <= position) continue;
      oldest ??= event.metadata.occurred_at;
      if (++events >= LAG_COUNT_LIMIT) break;
    }
    return { events, seconds: oldest === null ? 0 : Math.max(0, (this.clock.now() - oldest) / 1000) };
  }

  async readiness(): Promise<Readiness> {
    const lag = await this.lag();
    if (this.runner.failure) return { ready: false, reason: 'projection_failed', lag };
    if (this.stopping) return { ready: false, reason: 'stopping', lag };
    const full = this.storage.full();
    if (full.length > 0) return { ready: false, reason: 'storage_full', lag, storage: full };
    if (lag.events > READY_MAX_LAG_EVENTS) return { ready: false, reason: 'catching_up', lag };
    return { ready: true, lag };
  }
}
