import type { BotSecrets } from '@chat/wire';
import type { Delivery } from '@chat/realtime';

/** Where fan-out puts client events: the per-user feeds that queues read. */
export interface FeedSink {
  /** `source` is the log position of the domain event: a feed that already took it takes nothing. */
  publish(deliveries: readonly Delivery[], source: number): Promise<void>;
  /** False while nobody listens (for example while rebuilding at start-up): fan-out can be skipped. */
  hasListeners(): Promise<boolean>;
}

export interface FanoutOptions {
  /** Host part of placeholder addresses (`user<id>@host`). */
  realmHost: () => string;
  /** The server's external URL, for links in events (an export's file); links are relative without it. */
  externalUrl?: () => string;
  /** The queues registered with `all_public_streams` and their users; none when not given. */
  allPublicStreamsQueues?: () => Promise<readonly { queueId: string; userId: number }[]>;
  /** Bots' derived secrets, which `realm_bot` events show their administrators; no such events without them. */
  botSecrets?: BotSecrets;
}
