import type { StoredEvent } from '@chat/core';
import type { HistoryIndexEntry } from './history-index.js';
import { MESSAGE_HISTORY_TYPES } from './organization-projections.js';
import { OrganizationReplay, type ReplayImage } from './organization-replay.js';
import { entriesUpTo, type HistorySource } from './history-source.js';

export interface HistoryOptions {
  /** A snapshot every this many organization events (default 2,000). */
  every?: number;
  /** Snapshots kept, least recently used dropped first (default 24). */
  keep?: number;
  /** Awaited between batches, so a long replay gives way to other work (the server's slicer). */
  pause?: () => Promise<void>;
}

/** Told about each event of interest as it is applied: `before` then `after`, with the replay around it. */
export interface ReplayWatch {
  positions: ReadonlySet<number>;
  before(event: StoredEvent, replay: OrganizationReplay): void | Promise<void>;
  after(event: StoredEvent, replay: OrganizationReplay): void | Promise<void>;
}

/** Events read and applied between two pauses: 256 held the loop 20–30 ms at a time on the bench's organization. */
const BATCH = 64;
const isOrganizationEntry = (entry: HistoryIndexEntry): boolean => !(MESSAGE_HISTORY_TYPES as readonly string[]).includes(entry.type);

/**
 * The organization at any point of the log: its events (never messages) replayed through the server's
 * organization projections from the nearest snapshot at or before that point. Snapshots are taken
 * every `every` organization events as replays pass them, and at each point asked about, and kept in memory; they hold values read
 * from the log, so `forgetAll` drops them when something is forgotten.
 */
export class OrganizationHistory {
  private readonly snapshots = new Map<number, ReplayImage>();
  private readonly every: number;
  private readonly keep: number;
  private readonly pause: () => Promise<void>;
  private generation = 0;

  constructor(
    private readonly source: HistorySource,
    options: HistoryOptions = {},
  ) {
    this.every = options.every ?? 2000;
    this.keep = options.keep ?? 24;
    this.pause = options.pause ?? (async () => {});
  }

  /** Drops every snapshot (something was forgotten: they may hold it); replays under way start again. */
  forgetAll(): void {
    this.snapshots.clear();
    this.generation += 1;
  }

  /** The organization events of the index, ascending. */
  async organizationEntries(): Promise<HistoryIndexEntry[]> {
    return (await this.source.entries()).filter(isOrganizationEntry);
  }

  /** The organization as it stood after every event up to `position`, with `watch` told of the events it names. */
  async at(position: number, watch?: ReplayWatch): Promise<OrganizationReplay> {
    for (;;) {
      const generation = this.generation;
      const replay = await this.replay(await this.organizationEntries(), position, watch);
      if (generation === this.generation) return replay;
    }
  }

  private async replay(entries: readonly HistoryIndexEntry[], position: number, watch: ReplayWatch | undefined): Promise<OrganizationReplay> {
    const end = entriesUpTo(entries, position);
    const stops = watch ? entries.slice(0, end).flatMap((entry, index) => (watch.positions.has(entry.position) ? [index] : [])) : [];
    let replay: OrganizationReplay | null = null;
    for (const goal of [...stops, end]) {
      replay = this.nearest(replay, goal);
      await this.applyRange(replay, entries, goal);
      if (goal === end) break;
      const [event] = await this.source.read([entries[goal].position]);
      await watch?.before(event, replay);
      await replay.apply(event);
      await watch?.after(event, replay);
      this.remember(replay);
    }
    // The point asked about is kept too: the next question about a later moment with no organization
    // event in between (the usual case on a long log of messages) starts there, not up to `every` back.
    if (replay) this.remember(replay, true);
    return replay ?? new OrganizationReplay();
  }

  /** The replay to carry on from: `current`, or the latest snapshot between it and `goal`. */
  private nearest(current: OrganizationReplay | null, goal: number): OrganizationReplay {
    let best: number | null = null;
    for (const [applied] of this.snapshots) {
      if (applied <= goal && applied > (current?.applied ?? -1) && (best === null || applied > best)) best = applied;
    }
    if (best === null) return current ?? new OrganizationReplay();
    const image = this.snapshots.get(best) as ReplayImage;
    // Most recently used last: the first one is dropped when too many are kept.
    this.snapshots.delete(best);
    this.snapshots.set(best, image);
    return new OrganizationReplay(image);
  }

  private async applyRange(replay: OrganizationReplay, entries: readonly HistoryIndexEntry[], goal: number): Promise<void> {
    while (replay.applied < goal) {
      const batch = entries.slice(replay.applied, Math.min(goal, replay.applied + BATCH, this.nextSnapshotAt(replay.applied)));
      for (const event of await this.source.read(batch.map((entry) => entry.position))) await replay.apply(event);
      this.remember(replay);
      await this.pause();
    }
  }

  private nextSnapshotAt(applied: number): number {
    return (Math.floor(applied / this.every) + 1) * this.every;
  }

  private remember(replay: OrganizationReplay, asked = false): void {
    if (replay.applied === 0 || (!asked && replay.applied % this.every !== 0) || this.snapshots.has(replay.applied)) return;
    this.snapshots.set(replay.applied, replay.image());
    while (this.snapshots.size > this.keep) this.snapshots.delete(this.snapshots.keys().next().value as number);
  }
}
