import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core/worker-source';

/** A thread booted ahead and not yet taken, with the listener that forgets it if it ends first. */
interface Booted {
  worker: Worker;
  dropped: () => void;
}

/**
 * Where the booted thread waits: on the global object, as the start script runs this module in a
 * bundle of its own (start-ahead) before the server's bundle, which holds another copy of it.
 */
const SLOT = Symbol.for('chat.keystore.bootedThread');
const slot = globalThis as { [SLOT]?: Booted | null };

/**
 * Starts a key-store thread before any store is opened: loading its code and SQLite takes a thread
 * a few hundred milliseconds, which `npm start` otherwise spent idle waiting for it (start-ahead.ts
 * calls this). The thread opens no file until `ThreadedSqliteKeyStore` takes it and names one, so the
 * checks made before opening (a missing store beside a sealed log) are unchanged. Nothing is kept
 * alive by it; a thread never taken ends with the process.
 */
export function bootKeyStoreThread(): void {
  if (slot[SLOT]) return;
  let worker: Worker;
  try {
    worker = startKeyStoreThread();
  } catch {
    return;
  }
  const booted: Booted = {
    worker,
    dropped: () => {
      if (slot[SLOT] === booted) slot[SLOT] = null;
    },
  };
  worker.unref();
  worker.once('error', booted.dropped);
  worker.once('exit', booted.dropped);
  slot[SLOT] = booted;
}

/** A new key-store thread, its code loading; it opens the file its first request names (`open`). */
export const startKeyStoreThread = (): Worker => new Worker(workerSource(new URL('./key-store-thread.ts', import.meta.url)), { eval: true });

/** The thread `bootKeyStoreThread` started, taken once; null when none waits. */
export function takeBootedKeyStoreThread(): Worker | null {
  const booted = slot[SLOT];
  slot[SLOT] = null;
  if (!booted) return null;
  booted.worker.off('error', booted.dropped);
  booted.worker.off('exit', booted.dropped);
  return booted.worker;
}

/** Whether a booted thread waits to be taken (for tests). */
export const bootedKeyStoreThreadWaiting = (): boolean => Boolean(slot[SLOT]);
