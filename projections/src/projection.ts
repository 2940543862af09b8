import type { DomainEventType, StoredEvent, StoredEventOf } from '@chat/core';
import type { EventFacts } from './event-facts.js';

/** Turns events into read-model changes. Deterministic: it reads nothing but the event and its models. */
export interface Projection {
  readonly name: string;
  /**
   * The event types `apply` reads; the runner gives it no others ('every' for one that looks at each
   * event). Most events concern two or three projections, and a call that only returns still costs an
   * await and its allocations, which over a log of a million messages is seconds of start-up.
   */
  readonly handles: readonly DomainEventType[] | 'every';
  /**
   * Applies the event; returns nothing when there was nothing to wait for (an event of a listed type
   * that turns out not to concern it), which spares the caller an await. `facts` is what the readers
   * before it worked out from this event, and where it leaves what the readers after it need.
   */
  apply(event: StoredEvent, facts?: EventFacts): Applied;
  /** Told once the log has been applied up to its head (a start-up's catch-up, a replay's end). */
  caughtUp?(): Promise<void>;
  /**
   * For a projection whose model survives a restart (it persists itself): the log position that model
   * already holds. The runner starts reading at the lowest of the read-models checkpoint and every such
   * position, and never hands this projection an event at or below its own.
   */
  restoredPosition?(): Promise<number>;
}

/** What applying an event returns: the write to wait for (its value unused), or nothing when it is done already. */
export type Applied = Promise<unknown> | undefined;

/**
 * A projection of the listed types: `apply` receives only those, and TypeScript rejects a `case` or a
 * comparison naming any other type, so the list cannot fall behind the code.
 */
export function projectionOf<T extends DomainEventType>(
  name: string,
  handles: readonly T[],
  apply: (event: StoredEventOf<T>, facts?: EventFacts) => Applied,
  caughtUp?: () => Promise<void>,
): Projection {
  return { name, handles, apply, caughtUp };
}
