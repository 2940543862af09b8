import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core/worker-source';
import { readSnapshotFile, type SnapshotRead, type SnapshotText } from './snapshot-file.js';

/** What the reader thread answers: the snapshot file's parts, and why its arrays file is not usable (null: it is). */
interface ReadAhead {
  text: SnapshotText<unknown>;
  arraysProblem: string | null;
}

/**
 * Snapshot files being read ahead, by path: each taken once, by the first `readSnapshot` of it. Kept
 * on the global object: the start script runs the read-ahead in a bundle of its own (start-ahead)
 * before the server's bundle, which holds another copy of this module.
 */
const SLOT = Symbol.for('chat.readstore.snapshotsReadAhead');
const ahead = ((globalThis as { [SLOT]?: Map<string, Promise<ReadAhead | null>> })[SLOT] ??= new Map());

/**
 * Starts reading `file` (a read-models snapshot) in a worker thread, so that reading its texts and
 * checking every checksum (its arrays file's too) happens while this thread loads and starts the rest
 * of the server. Does nothing when the file does not exist; a failure to read ahead leaves
 * `readSnapshot` to read the file itself.
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
      worker.once('message', (read: ReadAhead) => resolve(read));
      worker.once('error', () => resolve(null));
      worker.once('exit', () => resolve(null));
    }),
  );
}

/**
 * The snapshot file `file` read and checked as `readSnapshotFile` does (the same checks, the same
 * reasons), taken from the read started by `prefetchSnapshot` when there is one: then only the
 * mapping of its arrays file is left to do here.
 */
export async function readSnapshot<J>(file: string, version: string): Promise<SnapshotRead<J>> {
  const prefetched = ahead.get(file);
  ahead.delete(file);
  const read = prefetched ? await prefetched : null;
  if (!read) return readSnapshotFile<J>(file, version);
  const { text, arraysProblem } = read;
  if (text.ok && text.header.version !== version) return { ok: false, reason: `written by another version (${text.header.version})` };
  if (text.ok && arraysProblem) return { ok: false, reason: arraysProblem };
  return readSnapshotFile<J>(file, version, text as SnapshotText<J>, true);
}
