import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isStorageFull } from '@chat/core';

/** What the server writes: each reports its writes here. */
export const STORAGE_AREAS = ['log', 'keys', 'search', 'snapshots', 'uploads', 'outbox'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/** What StorageHealth tells: each write refused for lack of space (the metrics' counter), and an area filling up or clearing (one log line each). */
export interface StorageEvents {
  refused?(area: StorageArea): void;
  full?(area: StorageArea, error: unknown): void;
  cleared?(area: StorageArea): void;
}

/** While some area is full, how often the data directory is tried for space again. */
export const SPACE_PROBE_EVERY_MS = 5_000;
/** What a probe writes (and removes): space for at least this much means writes may go on. */
const SPACE_PROBE_BYTES = 1 << 20;

/**
 * Which of the server's writes are failing for lack of space, for /ready (`storage_full`) and the
 * metrics (`chat_storage_full`, `chat_storage_write_failures_total`). An area is full from a write
 * refused for lack of space until one of its writes succeeds again, or, for what lives in the data
 * directory, until a probe (a 1 MiB file written, synced and removed every 5 s while anything is full)
 * finds room: so /ready comes back by itself once an operator frees space, even if no client writes.
 */
export class StorageHealth {
  private readonly fullAreas = new Set<StorageArea>();
  private probeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly dataDir: string,
    /** The areas kept in the data directory (so a probe that finds room there clears them). */
    private readonly local: ReadonlySet<StorageArea>,
    private readonly told: StorageEvents = {},
  ) {}

  /** A write of `area` failed; answers whether for lack of space (then the area is full). */
  failed(area: StorageArea, error: unknown): boolean {
    if (!isStorageFull(error)) return false;
    this.told.refused?.(area);
    if (!this.fullAreas.has(area)) this.told.full?.(area, error);
    this.fullAreas.add(area);
    this.probeSoon();
    return true;
  }

  /** A write of `area` succeeded: it has room again. */
  wrote(area: StorageArea): void {
    if (this.fullAreas.delete(area)) this.told.cleared?.(area);
  }

  /** Reports `write` of `area` as it ends: a success clears it, a refusal for lack of space marks it full; the outcome is passed on. */
  async watched<T>(area: StorageArea, write: Promise<T>): Promise<T> {
    try {
      const result = await write;
      this.wrote(area);
      return result;
    } catch (error) {
      this.failed(area, error);
      throw error;
    }
  }

  /** The areas full now, in STORAGE_AREAS order. */
  full(): StorageArea[] {
    return STORAGE_AREAS.filter((area) => this.fullAreas.has(area));
  }

  /** Tries the data directory for room now; clears its areas if there is. Answers whether there was. */
  async probe(): Promise<boolean> {
    const file = join(this.dataDir, 'incoming', `space-probe-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(join(this.dataDir, 'incoming'), { recursive: true, mode: 0o700 });
      const handle = await open(file, 'w', 0o600);
      try {
        await handle.write(Buffer.alloc(SPACE_PROBE_BYTES));
        await handle.sync();
      } finally {
        await handle.close();
      }
      for (const area of this.local) if (this.fullAreas.delete(area)) this.told.cleared?.(area);
      return true;
    } catch {
      return false;
    } finally {
      await rm(file, { force: true }).catch(() => undefined);
    }
  }

  close(): void {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private probeSoon(): void {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      void this.probe().then(() => {
        this.probeTimer = null;
        if ([...this.fullAreas].some((area) => this.local.has(area))) this.probeSoon();
      });
    }, SPACE_PROBE_EVERY_MS);
    this.probeTimer.unref();
  }
}
