import { legacyPresence, type LegacyPresence, type ModernPresence, modernPresence } from './presence-format.js';
import type { PresenceStore } from './presence-store.js';

/** What a client asks for when it fetches everyone's presence. */
export interface PresenceRequest {
  /** Modern format keyed by user id, or legacy keyed by email. */
  modern: boolean;
  /** Only changes after this update id (`last_update_id`); null or -1 for everything. */
  since: number | null;
  /** Users whose newest ping is older than this many days are left out (when not fetching changes). */
  historyDays: number;
  /** UNIX seconds. */
  now: number;
}

export interface PresenceAnswer {
  presences: Record<string, ModernPresence | LegacyPresence>;
  /** The newest update id returned; `since` when nothing changed; -1 when nothing was asked or found. */
  lastUpdateId: number;
}

const DAY_SECONDS = 86_400;

/**
 * Everyone's presence as one viewer may see it. `visible` maps the users who share their presence
 * to the email the legacy format keys them by; everyone else is left out, as if offline.
 */
export function fetchPresences(store: PresenceStore, visible: ReadonlyMap<number, string>, request: PresenceRequest): PresenceAnswer {
  // A client can only be ahead of the store if the store was lost (a crash): it gets everything again.
  const since = request.since !== null && request.since > store.lastUpdateId ? -1 : request.since;
  // Only a first fetch is limited by age: later ones ask for changes, which are recent by nature.
  const oldest = since === null || since <= 0 ? request.now - request.historyDays * DAY_SECONDS : Number.NEGATIVE_INFINITY;
  const presences: PresenceAnswer['presences'] = {};
  let newest = -1;
  for (const entry of store.changedAfter(since ?? -1)) {
    const email = visible.get(entry.userId);
    if (email === undefined || entry.idleAt < oldest) continue;
    if (request.modern) presences[String(entry.userId)] = modernPresence(entry);
    else presences[email] = legacyPresence(entry);
    newest = Math.max(newest, entry.updateId);
  }
  const lastUpdateId = newest >= 0 ? newest : since === null ? -1 : Math.min(since, store.lastUpdateId);
  return { presences, lastUpdateId };
}
