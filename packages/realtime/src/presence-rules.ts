/**
 * A user is online while their newest ping is at most this old (seconds). The register response
 * announces the same value as `server_presence_offline_threshold_seconds`.
 */
export const PRESENCE_OFFLINE_THRESHOLD_SECONDS = 140;

/** How far back presence data is fetched when a client does not say (days). */
export const DEFAULT_PRESENCE_HISTORY_DAYS = 14;

/** What a client reports in a ping. */
export type PresenceStatus = 'active' | 'idle';

/** What other users see at a given moment. */
export type VisibleStatus = PresenceStatus | 'offline';

/** The two times the server keeps per user, in UNIX seconds. */
export interface PresenceTimes {
  /** The newest ping saying the user was present at the device. */
  activeAt: number;
  /** The newest ping of any kind (a client was connected). */
  idleAt: number;
}

/**
 * The times after a ping at `now`. A user who has never sent an active ping counts as last active
 * when they joined, as the public API's presence data does.
 */
export function afterPing(times: PresenceTimes | undefined, status: PresenceStatus, now: number, joinedAt: number): PresenceTimes {
  const activeAt = times?.activeAt ?? Math.min(joinedAt, now);
  const idleAt = Math.max(times?.idleAt ?? now, now);
  return status === 'active' ? { activeAt: Math.max(activeAt, now), idleAt } : { activeAt, idleAt };
}

/** Active while the last active ping is within the threshold, else idle while any ping is, else offline. */
export function visibleStatus(times: PresenceTimes | undefined, now: number): VisibleStatus {
  if (!times) return 'offline';
  if (now - times.activeAt <= PRESENCE_OFFLINE_THRESHOLD_SECONDS) return 'active';
  if (now - times.idleAt <= PRESENCE_OFFLINE_THRESHOLD_SECONDS) return 'idle';
  return 'offline';
}

/**
 * The status the legacy format reports: active, stamped with the last active ping, when that ping is
 * within the threshold of the newest one; otherwise idle, stamped with the newest ping. Clients of
 * that format tell offline from the age of the stamp.
 */
export function legacyStatus(times: PresenceTimes): { status: PresenceStatus; timestamp: number } {
  if (times.idleAt - times.activeAt <= PRESENCE_OFFLINE_THRESHOLD_SECONDS) return { status: 'active', timestamp: times.activeAt };
  return { status: 'idle', timestamp: times.idleAt };
}
