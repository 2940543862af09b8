import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core';
import { readSnapshotFile, type SnapshotRead } from './snapshot-file.js';

/** Snapshot files being read ahead, by path: each taken once, by the first `readSnapshot` of it. */
const ahead = new Map<string, Promise<SnapshotRead<unknown> | null>>();

/**
 * Starts reading `file` (a read-models snapshot) in a worker thread, so that copying it into memory
 * and checking its checksums (most of a restart at 1,000,000 messages) happens while this thread
 * loads and starts the rest of the server. Does nothing when the file does not exist; a failure to
 * read ahead leaves `readSnapshot` to read the file itself.
 */
export function prefetchSnapshot(file: string): void {
  if (ahead.has(file) || !existsSync(file)) return;
  let worker: Worker;
  try {
    worker = new Worker(workerSource(new URL('./snapshot-reader-thread.ts', import.meta.url)), { eval: true, workerData: file });
  } catch {
    return;
  }
  ahead.set(
    file,
    new Promise((resolve) => {
      worker.once('message', (read: SnapshotRead<unknown>) => resolve(read));
      worker.once('error', () => resolve(null));
      worker.once('exit', () => resolve(null));
    }),
  );
}

/**
 * The snapshot file `file` read and checked as `readSnapshotFile` does (the same checks, the same
 * reasons), taken from the read started by `prefetchSnapshot` when there is one.
 */
export async function readSnapshot<J>(file: string, version: string): Promise<SnapshotRead<J>> {
  const prefetched = ahead.get(file);
  ahead.delete(file);
  const read = prefetched ? await prefetched : null;
  if (!read) return readSnapshotFile<J>(file, version);
  if (read.ok && read.header.version !== version) return { ok: false, reason: `written by another version (${read.header.version})` };
  return read as SnapshotRead<J>;
}
