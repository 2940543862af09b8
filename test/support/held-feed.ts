import type { StoredEvent } from '@chat/core';
import type { EventListener, EventStore } from '@chat/eventstore';

/**
 * The log as a second process's runner sees it, through a subscription that can be held back:
 * after `lag()` what is appended waits until `catchUp()` hands it over, as to a process whose read
 * models fall behind.
 */
export class HeldFeed {
  readonly store: EventStore;
  private held: StoredEvent[] | null = null;
  private listener: EventListener | null = null;

  constructor(source: EventStore) {
    this.store = Object.create(source, {
      subscribe: {
        value: (from: number, listener: EventListener) => {
          this.listener = listener;
          return source.subscribe(from, (events) => {
            if (this.held) this.held.push(...events);
            else return listener(events);
          });
        },
      },
    });
  }

  /** From now on nothing new is handed over until `catchUp()`. */
  lag(): void {
    this.held ??= [];
  }

  catchUp(): void {
    const held = this.held ?? [];
    this.held = null;
    if (held.length > 0) this.listener?.(held);
  }
}
