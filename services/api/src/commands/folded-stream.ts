import type { DomainEventType, EventOfType } from '@chat/core';
import type { EventStore, ExpectedRevision } from '@chat/eventstore';
import { streamHistory } from './stream-history.js';

/**
 * An aggregate's state folded from its stream, with the revision to expect when appending after it:
 * read, decide, append with what was read (a runner that loses the race reads again).
 */
export async function foldedStream<T extends DomainEventType, S>(
  store: EventStore,
  stream: string,
  types: readonly T[],
  initial: S,
  evolve: (state: S, event: EventOfType<T>) => S,
): Promise<{ state: S; expected: ExpectedRevision }> {
  const { events, expected } = await streamHistory(store, stream, types);
  return { state: events.reduce<S>((state, event) => evolve(state, event as EventOfType<T>), initial), expected };
}
