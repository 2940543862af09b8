import { rm } from 'node:fs/promises';
import type { IdKind } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import { type MemoryReadStore, readSnapshot, removeArraysFiles, type SavedReadStore, writeSnapshotFile } from '@chat/readstore';
import { READ_MODELS_CHECKPOINT } from '../projection-runner.js';
import { modelsVersion } from './models-version.js';

/** What else a snapshot restores: the embedded id counters, fed by the same pass over the log. */
export interface IdCounters {
  counters(): [IdKind, number][];
  restore(counters: readonly (readonly [IdKind, number])[]): void;
}

interface SavedModels extends SavedReadStore {
  ids: [IdKind, number][];
}

export type SnapshotLoad = { loaded: true; position: number; seconds: number } | { loaded: false; reason: string };

/**
 * Snapshots of the memory read models in one file (see docs/topics/read-models.md): loaded at start,
 * so only the log after its position is applied; written at a position where no event is applied.
 * A snapshot is used only when it was written by this version of the code, its checksums hold, and
 * the log still has, at its position, the event it was taken after; otherwise the log is replayed.
 */
export class ReadModelSnapshots {
  constructor(
    private readonly file: string,
    private readonly store: MemoryReadStore,
    private readonly log: Pick<EventStore, 'readAt'>,
    private readonly ids: IdCounters | null,
    private readonly version = modelsVersion(),
  ) {}

  /**
   * Loads the snapshot into the (empty) store and the counters; when it cannot be used, leaves both
   * empty. One taken before `forgottenAt` (the last event that forgot something) is removed unread: what
   * it holds may be what was forgotten since.
   */
  async load(forgottenAt = 0): Promise<SnapshotLoad> {
    const started = performance.now();
    // A file the system will not read (a bad disk, a directory in its place) means a replay, as a corrupt one does.
    const read = await readSnapshot<SavedModels>(this.file, this.version).catch((error: unknown) => ({ ok: false as const, reason: `could not be read (${error instanceof Error ? error.message : String(error)})` }));
    if (!read.ok) return { loaded: false, reason: read.reason };
    const { header, json, texts, arrays } = read;
    if (header.position < forgottenAt) {
      await this.discard();
      return { loaded: false, reason: `taken at ${header.position}, before something was forgotten at ${forgottenAt}; removed` };
    }
    if ((await this.eventIdAt(header.position)) !== header.eventId) return { loaded: false, reason: `the log has no event ${header.eventId} at ${header.position}` };
    try {
      this.store.restore(json, { texts, arrays }, { name: READ_MODELS_CHECKPOINT, position: header.position });
      this.ids?.restore(json.ids);
    } catch (error) {
      await this.store.clear();
      this.ids?.restore([]);
      return { loaded: false, reason: error instanceof Error ? error.message : String(error) };
    }
    return { loaded: true, position: header.position, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * Writes a snapshot of the models as they stand at `position`. `take` must run where no event is
   * applied (the runner's `exclusive`); only copying happens there, the writing afterwards.
   */
  async save(take: <T>(read: (position: number) => Promise<T>) => Promise<T>): Promise<{ position: number; bytes: number } | null> {
    const { position, image } = await take(async (position) => ({ position, image: this.store.image() }));
    if (position === 0) return null;
    const eventId = await this.eventIdAt(position);
    if (eventId === undefined) return null;
    const ids = this.ids?.counters() ?? [];
    const bytes = await writeSnapshotFile(this.file, { version: this.version, position, eventId }, { json: { ...image.json, ids }, texts: image.texts, arrays: image.arrays });
    return { position, bytes };
  }

  /** Removes the snapshot file: it may hold what was just forgotten (docs/topics/forgetting.md). */
  async discard(): Promise<void> {
    await rm(this.file, { force: true });
    await rm(`${this.file}.tmp`, { force: true });
    await removeArraysFiles(this.file);
  }

  /** The id of the event at exactly this position: a point read (positions are opaque, see EventStore). */
  private async eventIdAt(position: number): Promise<string | undefined> {
    const [event] = await this.log.readAt([position]);
    return event?.id;
  }
}
