import type { Delivery } from '@chat/realtime';

/** Where fan-out puts client events: the per-user feeds that queues read. */
export interface FeedSink {
  publish(deliveries: readonly Delivery[]): void;
  /** False while nobody listens (for example while rebuilding at start-up): fan-out can be skipped. */
  hasListeners(): boolean;
}

export interface FanoutOptions {
  /** Host part of placeholder addresses (`user<id>@host`). */
  realmHost: () => string;
}
