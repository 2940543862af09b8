import { afterPing, type PresenceStatus, type PresenceTimes, visibleStatus, type VisibleStatus } from './presence-rules.js';

/** A user's presence as stored: their times and the update id of the last change. */
export interface PresenceEntry extends PresenceTimes {
  userId: number;
  /** The public API's `last_update_id` of this entry: ids grow by one per change, across all users. */
  updateId: number;
}

/** What a ping did: the status others saw before and see now, and the entry after it. */
export interface PingOutcome {
  before: VisibleStatus;
  after: VisibleStatus;
  entry: PresenceEntry;
}

export interface SavedPresence {
  version: 1;
  lastUpdateId: number;
  entries: PresenceEntry[];
}

/**
 * Every user's presence in this process. Presence is an ephemeral signal, not a domain event: it is
 * kept here (and written to disk only at a graceful stop), never in the log.
 */
export class PresenceStore {
  private readonly entries = new Map<number, PresenceEntry>();
  private last = 0;

  /** The newest update id given out; 0 before the first change. */
  get lastUpdateId(): number {
    return this.last;
  }

  get(userId: number): PresenceEntry | undefined {
    return this.entries.get(userId);
  }

  /** Records a ping at `now` (UNIX seconds). Only a ping that moves a time takes a new update id. */
  ping(userId: number, status: PresenceStatus, now: number, joinedAt: number): PingOutcome {
    const previous = this.entries.get(userId);
    const times = afterPing(previous, status, now, joinedAt);
    const unchanged = previous !== undefined && previous.activeAt === times.activeAt && previous.idleAt === times.idleAt;
    const entry = unchanged ? previous : this.put({ userId, ...times, updateId: this.last + 1 });
    return { before: visibleStatus(previous, now), after: visibleStatus(times, now), entry };
  }

  /** Entries changed after update id `after`, oldest change first. */
  changedAfter(after: number): PresenceEntry[] {
    return [...this.entries.values()].filter((entry) => entry.updateId > after).sort((a, b) => a.updateId - b.updateId);
  }

  snapshot(): SavedPresence {
    return { version: 1, lastUpdateId: this.last, entries: [...this.entries.values()] };
  }

  restore(saved: SavedPresence): void {
    this.entries.clear();
    for (const entry of saved.entries) this.entries.set(entry.userId, { ...entry });
    this.last = saved.entries.reduce((newest, entry) => Math.max(newest, entry.updateId), saved.lastUpdateId);
  }

  private put(entry: PresenceEntry): PresenceEntry {
    this.last = entry.updateId;
    this.entries.set(entry.userId, entry);
    return entry;
  }
}
