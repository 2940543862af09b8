import type { StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { ByEventType } from '../by-event-type.js';
import type { EventFacts } from '../event-facts.js';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import type { Fanout } from './fanout.js';
import type { FanoutOptions, FeedSink } from './feed-sink.js';

/**
 * Turns each domain event into client events for exactly the users allowed to see them: the event
 * goes to the fan-outs that declared its type (ByEventType, as projections are routed), and what they
 * answer is published to the feeds at once. It runs after the read-model projections, so it sees the
 * state the event produced and the facts they handed on (EventFacts).
 */
export function clientEventsProjection(models: ReadModels, sink: FeedSink, options: FanoutOptions, fanouts: readonly Fanout[]): Projection {
  const route = new ByEventType(fanouts);
  return {
    name: 'client-events',
    handles: route.types(),
    async apply(event: StoredEvent, facts: EventFacts = {}): Promise<void> {
      const readers = route.readersOf(event.type);
      if (readers.length === 0 || !(await sink.hasListeners())) return;
      const deliveries: Delivery[] = [];
      for (const fanout of readers) {
        const fanned = fanout.deliver(event, models, options, facts);
        for (const delivery of fanned instanceof Promise ? await fanned : fanned) deliveries.push(delivery);
      }
      if (deliveries.length > 0) await sink.publish(deliveries, event.position);
    },
  };
}
