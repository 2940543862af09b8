import type { StoredEvent } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { SearchIndex } from '@chat/readstore';
import type { Applied, Projection } from '../projection.js';
import { searchProjection } from './search-projection.js';

/** While the index is behind, how long between two attempts to catch it up from the log. */
export const SEARCH_RETRY_MS = 5_000;

export interface SearchKeeping {
  /** The log, to replay what failed writes lost. */
  log: Pick<EventStore, 'readAll'>;
  /** The index fell behind: a write or commit failed (a full disk, most likely). */
  onBehind(error: Error): void;
  /** The index holds the whole log again. */
  onCaughtUp(): void;
  retryMs?: number;
}

/**
 * The search projection, kept alive through failed writes. A write the index refuses (SQLITE_FULL,
 * say) never reaches the projection runner, which would stop every read model for it: the index falls
 * behind instead, and searches go on over what it holds. From then on live events are only noted, and
 * every few seconds the keeper resumes the index and replays the log from the position it holds;
 * once it reaches the last event the runner delivered, live writes go to the index again. So space
 * freed on the disk brings search back without a restart.
 */
export class SearchKeeper {
  private behind = false;
  /** The newest position the runner delivered while the index was behind. */
  private latestSeen = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly projection: Projection;

  constructor(
    private readonly index: SearchIndex,
    private readonly keeping: SearchKeeping,
  ) {
    // A writer thread's failure arrives after the write that caused it: the index falls behind then.
    index.watchFailures?.((error) => this.fallBehind(error));
    const inner = searchProjection(index);
    this.projection = {
      name: inner.name,
      handles: inner.handles,
      restoredPosition: inner.restoredPosition,
      apply: (event) => this.apply(inner, event),
      caughtUp: async () => {
        await this.guard(() => inner.caughtUp?.());
      },
    };
  }

  /** Whether the index is behind the log now. */
  get isBehind(): boolean {
    return this.behind;
  }

  /** No more catching up (the server stops). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private apply(inner: Projection, event: StoredEvent): Applied {
    if (this.behind) {
      this.latestSeen = Math.max(this.latestSeen, event.position);
      return undefined;
    }
    return this.guard(() => inner.apply(event));
  }

  /** Runs a write; a failure, thrown or rejected, puts the index behind instead of reaching the runner. */
  private guard(write: () => Applied): Applied {
    let pending: Applied;
    try {
      pending = write();
    } catch (error) {
      this.fallBehind(error);
      return undefined;
    }
    return pending?.catch((error: unknown) => this.fallBehind(error));
  }

  private fallBehind(error: unknown): void {
    if (!this.behind) {
      this.behind = true;
      this.keeping.onBehind(error instanceof Error ? error : new Error(String(error)));
    }
    this.retryLater();
  }

  private retryLater(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.catchUp();
    }, this.keeping.retryMs ?? SEARCH_RETRY_MS);
    this.timer.unref();
  }

  /**
   * Replays the log from where the index stands, round after round, until a round ends at or past
   * the newest event the runner delivered meanwhile; then live writes go on (no await in between).
   */
  private async catchUp(): Promise<void> {
    const inner = searchProjection(this.index);
    const handles = new Set<string>(inner.handles === 'every' ? [] : inner.handles);
    try {
      for (;;) {
        this.index.resume();
        let reached = await this.index.position();
        for await (const event of this.keeping.log.readAll({ fromPosition: reached })) {
          if (this.stopped) return;
          if (event.position > reached && handles.has(event.type)) await inner.apply(event);
          reached = Math.max(reached, event.position);
        }
        await this.index.flush();
        if (reached >= this.latestSeen) break;
      }
    } catch {
      // Still no room (or the index is closing): try again later.
      if (!this.stopped) this.retryLater();
      return;
    }
    this.behind = false;
    this.keeping.onCaughtUp();
  }
}
