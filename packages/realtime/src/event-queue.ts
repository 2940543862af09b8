import type { Capabilities, CapabilityName, FeedEntry } from './client-event.js';

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

/** A client's event queue: a cursor into its user's feed plus the filters chosen at registration. */
export class EventQueue {
  private readonly types: ReadonlySet<string> | null;
  waiter: Waiter | null = null;
  heartbeat: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    readonly spec: QueueSpec,
    /** Seq of the newest entry the client has acknowledged (or the feed head at registration). */
    public lastAcked: number,
    /** Clock time of the last request that touched the queue. */
    public lastActivity: number,
  ) {
    this.types = spec.eventTypes ? new Set([...spec.eventTypes, 'heartbeat']) : null;
  }

  get userId(): number {
    return this.spec.userId;
  }

  /** Whether this queue receives a feed entry (before narrow filtering, which knows messages). */
  accepts(entry: FeedEntry): boolean {
    const audience = entry.audience;
    if (audience) {
      if (audience.onlyQueue !== undefined && audience.onlyQueue !== this.id) return false;
      if (audience.exceptQueue !== undefined && audience.exceptQueue === this.id) return false;
      if (audience.capabilities) {
        for (const [name, value] of Object.entries(audience.capabilities) as [CapabilityName, boolean][]) {
          if (this.spec.capabilities[name] !== value) return false;
        }
      }
    }
    return this.types === null || this.types.has(entry.event.type);
  }
}
