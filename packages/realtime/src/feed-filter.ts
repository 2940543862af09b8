import type { Capabilities, CapabilityName, FeedEntry } from './client-event.js';

/** Which entries of a user's feed one queue receives, before narrow filtering (which knows messages). */
export interface FeedFilter {
  readonly queueId: string;
  readonly capabilities: Capabilities;
  /** The event types the queue receives, heartbeat included; null for every type. */
  readonly eventTypes: ReadonlySet<string> | null;
}

/** Whether the entry's audience and event type let it reach the queue the filter describes. */
export function feedAccepts(filter: FeedFilter, entry: FeedEntry): boolean {
  const audience = entry.audience;
  if (audience) {
    if (audience.onlyQueue !== undefined && audience.onlyQueue !== filter.queueId) return false;
    if (audience.exceptQueue !== undefined && audience.exceptQueue === filter.queueId) return false;
    if (audience.capabilities) {
      for (const [name, value] of Object.entries(audience.capabilities) as [CapabilityName, boolean][]) {
        if (filter.capabilities[name] !== value) return false;
      }
    }
  }
  return filter.eventTypes === null || filter.eventTypes.has(entry.event.type);
}
