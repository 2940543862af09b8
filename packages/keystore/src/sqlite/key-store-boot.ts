import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core/worker-source';

/** The thread booted ahead and not yet taken. */
let booted: Worker | null = null;
const dropped = (): void => {
  booted = null;
};

/**
 * Starts a key-store thread before any store is opened: loading its code and SQLite takes a thread
 * a few hundred milliseconds, which `npm start` otherwise spent idle waiting for it (main.ts's first
 * module calls this). The thread opens no file until `ThreadedSqliteKeyStore` takes it and names one,
 * so the checks made before opening (a missing store beside a sealed log) are unchanged. Nothing is
 * kept alive by it; a thread never taken ends with the process.
 */
export function bootKeyStoreThread(): void {
  if (booted) return;
  try {
    booted = new Worker(workerSource(new URL('./key-store-thread.ts', import.meta.url)), { eval: true, workerData: null });
  } catch {
    return;
  }
  booted.unref();
  booted.once('error', dropped);
  booted.once('exit', dropped);
}

/** The thread `bootKeyStoreThread` started, taken once; null when none waits. */
export function takeBootedKeyStoreThread(): Worker | null {
  const worker = booted;
  booted = null;
  worker?.off('error', dropped);
  worker?.off('exit', dropped);
  return worker;
}

/** Whether a booted thread waits to be taken (for tests). */
export const bootedKeyStoreThreadWaiting = (): boolean => booted !== null;
