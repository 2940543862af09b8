import { legacyStatus, type PresenceStatus, type PresenceTimes } from './presence-rules.js';

/** The modern format: one entry per user, keyed by user id. */
export interface ModernPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

/** One client's entry of the legacy format; the `aggregated` entry has no `pushable`. */
export interface LegacyClientPresence {
  client: string;
  status: PresenceStatus;
  timestamp: number;
  pushable?: boolean;
}

/** The legacy format, keyed by email: `aggregated` (over all clients) and one entry per client. */
export type LegacyPresence = Record<string, LegacyClientPresence>;

/**
 * The client name the legacy format reports. Which client sent a ping is not kept (the public API
 * stopped reporting it too), so every entry is this one, never pushable.
 */
export const LEGACY_PRESENCE_CLIENT = 'website';

export const modernPresence = (times: PresenceTimes): ModernPresence => ({
  active_timestamp: times.activeAt,
  idle_timestamp: times.idleAt,
});

export function legacyClientPresence(times: PresenceTimes): LegacyClientPresence {
  return { client: LEGACY_PRESENCE_CLIENT, ...legacyStatus(times), pushable: false };
}

export function legacyPresence(times: PresenceTimes): LegacyPresence {
  return { aggregated: { client: LEGACY_PRESENCE_CLIENT, ...legacyStatus(times) }, [LEGACY_PRESENCE_CLIENT]: legacyClientPresence(times) };
}
