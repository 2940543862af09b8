import type { DomainEventType, StoredEvent, StoredEventOf } from '@chat/core';
import type { EventStore, ExpectedRevision } from '@chat/eventstore';

export interface StreamHistory<E extends StoredEvent> {
  /** The stream's events of the wanted types, in order. */
  events: E[];
  /** The revision to expect when appending after what was read. */
  expected: ExpectedRevision;
}

/**
 * Reads an aggregate's stream for a decider that works from the log rather than a read model: a
 * runner that loses a race on the returned revision reads again and sees what won.
 */
export async function streamHistory<T extends DomainEventType>(
  store: EventStore,
  stream: string,
  types: readonly T[],
): Promise<StreamHistory<StoredEventOf<T>>> {
  const wanted = new Set<string>(types);
  const isWanted = (event: StoredEvent): event is StoredEventOf<T> => wanted.has(event.type);
  const events: StoredEventOf<T>[] = [];
  let revision: number | null = null;
  for await (const stored of store.readStream(stream)) {
    revision = stored.revision;
    if (isWanted(stored)) events.push(stored);
  }
  return { events, expected: revision === null ? 'no_stream' : revision };
}
