import { type IdKind, idsInEvent, type StoredEvent } from '@chat/core';
import type { EventStore } from '../event-store.js';
import type { IdAllocator } from './id-allocator.js';

/**
 * The embedded allocator: counters recovered from the ids the log already records, then kept in the
 * process. Only one process writes an embedded log, so no reservation is needed.
 *
 * It is fed the log's events by whoever already reads them (the projection runner's pass over the log
 * at start-up, then every append), so a start reads a million-event log once, not twice.
 */
export class LogIdAllocator implements IdAllocator {
  private readonly highest = new Map<IdKind, number>();
  private unsubscribe: () => void = () => {};

  /** An allocator that follows the store by itself: every stored event, then each new one. */
  static following(store: EventStore): LogIdAllocator {
    const allocator = new LogIdAllocator();
    allocator.unsubscribe = store.subscribe(0, (events) => {
      for (const event of events) allocator.observe(event);
    });
    return allocator;
  }

  /** Raises the counters to the ids the event records. */
  observe(event: StoredEvent): void {
    for (const [kind, id] of idsInEvent(event)) {
      if (id > (this.highest.get(kind) ?? 0)) this.highest.set(kind, id);
    }
  }

  /** Reads the ids of the log up to `position`, for a feed that starts after it (a kept checkpoint). */
  async recover(store: EventStore, position: number): Promise<void> {
    if (position <= 0) return;
    for await (const event of store.readAll({ fromPosition: 0 })) {
      if (event.position > position) break;
      this.observe(event);
    }
  }

  /** The counters as they stand (a read-models snapshot saves them with its position). */
  counters(): [IdKind, number][] {
    return [...this.highest];
  }

  /** Takes over counters saved with a snapshot, for a feed that starts after its position. */
  restore(counters: readonly (readonly [IdKind, number])[]): void {
    this.highest.clear();
    for (const [kind, id] of counters) this.highest.set(kind, id);
  }

  async next(kind: IdKind): Promise<number> {
    const id = (this.highest.get(kind) ?? 0) + 1;
    this.highest.set(kind, id);
    return id;
  }

  async close(): Promise<void> {
    this.unsubscribe();
  }
}
