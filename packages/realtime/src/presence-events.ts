import type { Delivery } from './client-event.js';
import { LEGACY_PRESENCE_CLIENT, legacyClientPresence, modernPresence } from './presence-format.js';
import type { PresenceEntry } from './presence-store.js';

/** Who changed and how the legacy format names them. */
export interface PresenceChange {
  entry: PresenceEntry;
  email: string;
  /** UNIX seconds, with the fraction. */
  serverTimestamp: number;
}

/**
 * The `presence` events for a change others should see at once: the modern shape for queues with
 * simplified_presence_events, the legacy one for the others.
 */
export function presenceDeliveries(change: PresenceChange, userIds: readonly number[]): Delivery[] {
  const { entry } = change;
  return [
    {
      userIds,
      event: { type: 'presence', presences: { [String(entry.userId)]: modernPresence(entry) } },
      audience: { capabilities: { simplified_presence_events: true } },
    },
    {
      userIds,
      event: {
        type: 'presence',
        user_id: entry.userId,
        email: change.email,
        server_timestamp: change.serverTimestamp,
        presence: { [LEGACY_PRESENCE_CLIENT]: legacyClientPresence(entry) },
      },
      audience: { capabilities: { simplified_presence_events: false } },
    },
  ];
}
