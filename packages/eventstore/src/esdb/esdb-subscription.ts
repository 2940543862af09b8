import type { AllStreamSubscription, EventStoreDBClient } from '@eventstore/db-client';
import type { EventListener } from '../event-store.js';
import { readFrom } from './esdb-mapping.js';
import type { StreamNamespace } from './esdb-namespace.js';

const RETRY_DELAYS_MS = [100, 500, 1000, 2000, 5000];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A catch-up subscription to $all that outlives dropped connections by resubscribing after the last
 * position it delivered, so the listener sees every event once and in order. A listener that throws
 * ends the subscription: delivering the same event again would only fail again.
 *
 * Back-pressure: `for await` pulls one event at a time and awaits what the listener returns, so a
 * listener that answers a promise while it is behind (the projection runner past its high-water mark)
 * stops the reading; the client then stops taking from the connection and the server stops sending.
 */
export function subscribeToAll(
  client: EventStoreDBClient,
  names: StreamNamespace,
  fromPosition: number,
  listener: EventListener,
  onError: (error: unknown) => void,
): () => void {
  let after = fromPosition;
  let stopped = false;
  let current: AllStreamSubscription | null = null;

  const deliver = async (subscription: AllStreamSubscription): Promise<void> => {
    for await (const resolved of subscription) {
      if (stopped) return;
      const event = names.event(resolved);
      if (!event || event.position <= after) continue;
      after = event.position;
      try {
        await listener([event]);
      } catch (error) {
        stopped = true;
        onError(error);
        await subscription.unsubscribe();
        return;
      }
    }
  };

  void (async () => {
    for (let failures = 0; !stopped; failures += 1) {
      current = client.subscribeToAll({ fromPosition: readFrom(after), filter: names.filter() });
      const deliveredBefore = after;
      try {
        await deliver(current);
      } catch (error) {
        if (!stopped) onError(error);
      }
      if (stopped) return;
      if (after > deliveredBefore) failures = 0;
      await sleep(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]);
    }
  })();

  return () => {
    stopped = true;
    current?.unsubscribe().catch(() => {
      // Already closed: nothing left to stop.
    });
  };
}
