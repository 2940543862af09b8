import { type IdKind, idsInEvent } from '@chat/core';
import type { EventStore } from '../event-store.js';
import type { IdAllocator } from './id-allocator.js';

/**
 * The embedded allocator: counters recovered from the ids the log already records, then kept in the
 * process. Only one process writes an embedded log, so no reservation is needed.
 */
export class LogIdAllocator implements IdAllocator {
  private readonly highest = new Map<IdKind, number>();
  private readonly unsubscribe: () => void;

  constructor(store: EventStore) {
    this.unsubscribe = store.subscribe(0, (events) => {
      for (const event of events) {
        for (const [kind, id] of idsInEvent(event)) this.raise(kind, id);
      }
    });
  }

  async next(kind: IdKind): Promise<number> {
    const id = (this.highest.get(kind) ?? 0) + 1;
    this.highest.set(kind, id);
    return id;
  }

  async close(): Promise<void> {
    this.unsubscribe();
  }

  private raise(kind: IdKind, id: number): void {
    if (id > (this.highest.get(kind) ?? 0)) this.highest.set(kind, id);
  }
}
