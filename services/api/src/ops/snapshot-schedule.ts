import type { Logger } from 'pino';
import type { ReadModelSnapshots } from '@chat/projections';
import type { StorageHealth } from '../files/storage-health.js';

/** What the schedule needs of the projection runner: where it stands, and a moment when no event is applied. */
export interface SnapshotRunner {
  readonly position: number;
  /** Events applied since the start: positions are no count (on EventStoreDB they are byte offsets). */
  readonly applied: number;
  exclusive<T>(read: (position: number) => Promise<T>): Promise<T>;
}

/**
 * Writes a read-models snapshot whenever `every` events have been applied since the last one (looked at
 * every `checkMs`), and once more at a clean stop. The models are copied while no event is applied
 * (a few hundred milliseconds for a million messages); the file is written in the background. While
 * any of the server's writes fails for lack of space none is started (its file would take the room
 * the log needs); a snapshot refused for lack of space marks the snapshots full.
 */
export class SnapshotSchedule {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> | null = null;
  /** runner.applied when the last snapshot was taken (0: the one loaded at start, or none). */
  private appliedAtSave = 0;
  /** Position of the last event that forgot something: no snapshot taken before it may stay on disk. */
  private forgottenAt = 0;

  constructor(
    private readonly snapshots: ReadModelSnapshots,
    private readonly runner: SnapshotRunner,
    private readonly log: Logger,
    private saved: number,
    private readonly options: { every: number; checkMs: number },
    private readonly storage: Pick<StorageHealth, 'failed' | 'wrote' | 'full'>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.due(), this.options.checkMs);
    this.timer.unref();
    this.due();
  }

  /** Stops the timer and writes a last snapshot if events were applied since the last one. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.saving;
    if (this.runner.position > this.saved || this.forgottenAt > 0) await this.save();
  }

  /**
   * Something was forgotten at `position`: the snapshot on disk (and one being written, taken before
   * it) may hold it, so it goes now. The next one is written on the usual schedule or at a clean stop;
   * a start before then replays the log.
   */
  async discard(position: number): Promise<void> {
    this.forgottenAt = Math.max(this.forgottenAt, position);
    await this.snapshots.discard();
  }

  private due(): void {
    if (this.saving || this.storage.full().length > 0) return;
    if (this.runner.applied - this.appliedAtSave >= this.options.every) void this.save();
  }

  private save(): Promise<void> {
    const started = performance.now();
    const applied = this.runner.applied;
    this.saving = this.snapshots
      .save((read) => this.runner.exclusive(read))
      .then(
        async (written) => {
          if (!written) return;
          this.storage.wrote('snapshots');
          if (written.position < this.forgottenAt) {
            await this.snapshots.discard();
            return;
          }
          this.saved = written.position;
          this.appliedAtSave = applied;
          this.log.info({ position: written.position, megabytes: Math.round(written.bytes / 2 ** 20), seconds: (performance.now() - started) / 1000 }, 'read-models snapshot written');
        },
        (error: unknown) => {
          this.storage.failed('snapshots', error);
          this.log.error({ err: error }, 'read-models snapshot failed; the previous one stays');
        },
      )
      .finally(() => (this.saving = null));
    return this.saving;
  }
}
