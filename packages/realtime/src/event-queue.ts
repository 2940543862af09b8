import type { Capabilities, FeedEntry } from './client-event.js';
import { feedAccepts, type FeedFilter } from './feed-filter.js';

export type NarrowTerm = [operator: string, operand: string];

/** What a client asked for when registering: filters, shapes, and its capabilities. */
export interface QueueSpec {
  userId: number;
  eventTypes: string[] | null;
  capabilities: Capabilities;
  narrow: NarrowTerm[];
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
}

/** A waiting GET /events: called once with the events that ended the wait. */
export type Waiter = (entries: FeedEntry[]) => void;

/**
 * A client's event queue as the queue store keeps it: a cursor into its user's feed plus the filters
 * chosen at registration. Waiting polls are not part of it: they live in the process holding the request.
 */
export class EventQueue {
  readonly filter: FeedFilter;

  constructor(
    readonly id: string,
    readonly spec: QueueSpec,
    /** Seq of the newest entry the client has acknowledged (or the feed head at registration). */
    public lastAcked: number,
    /** Clock time of the last request that touched the queue. */
    public lastTouched: number,
  ) {
    this.filter = {
      queueId: id,
      capabilities: spec.capabilities,
      eventTypes: spec.eventTypes ? new Set([...spec.eventTypes, 'heartbeat']) : null,
    };
  }

  get userId(): number {
    return this.spec.userId;
  }

  /** Whether this queue receives a feed entry (before narrow filtering, which knows messages). */
  accepts(entry: FeedEntry): boolean {
    return feedAccepts(this.filter, entry);
  }
}
