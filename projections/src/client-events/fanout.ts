import type { DomainEventType, StoredEvent, StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { EventFacts } from '../event-facts.js';
import type { ReadModels } from '../read-models.js';
import type { FanoutOptions } from './feed-sink.js';

/** What a fan-out answers: the client events and who gets each (an empty list when nobody does). */
export type Fanned = Delivery[] | Promise<Delivery[]>;

/**
 * Turns events of the listed types into client events for exactly the users allowed to see them,
 * reading the models as the event left them and the facts the projections handed on. The
 * client-events projection routes each event to the fan-outs of its type, in their order, the way
 * ProjectionDispatch routes projections (ByEventType).
 */
export interface Fanout {
  readonly name: string;
  readonly handles: readonly DomainEventType[];
  deliver(event: StoredEvent, models: ReadModels, options: FanoutOptions, facts: EventFacts): Fanned;
}

/**
 * A fan-out of the listed types: `deliver` receives only those, and TypeScript rejects a `case` or a
 * comparison naming any other type, so the list cannot fall behind the code.
 */
export function fanoutOf<T extends DomainEventType>(
  name: string,
  handles: readonly T[],
  deliver: (event: StoredEventOf<T>, models: ReadModels, options: FanoutOptions, facts: EventFacts) => Fanned,
): Fanout {
  return { name, handles, deliver };
}
