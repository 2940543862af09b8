import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core';

/** How often the thread checkpoints each file (milliseconds). */
const EVERY_MS = 500;
/** How long a stop waits for the round in progress before ending the thread. */
const STOP_WAIT_MS = 2000;
/**
 * WAL pages after which a writer checkpoints by itself all the same: only if the thread falls far
 * behind (32 MB of WAL), so the log never grows without bound.
 */
export const WRITER_CHECKPOINT_PAGES = 8192;

/**
 * WAL checkpoints of SQLite files (the event log, the search index) run in a thread of their own
 * (wal-checkpoint-thread.ts), so that no commit of the server's thread pays for one. The files'
 * writers keep their own automatic checkpoint only as a backstop (WRITER_CHECKPOINT_PAGES).
 */
export class BackgroundCheckpoints {
  private readonly worker: Worker;

  constructor(files: readonly string[], everyMs = EVERY_MS) {
    this.worker = new Worker(workerSource(new URL('./wal-checkpoint-thread.ts', import.meta.url)), { eval: true, workerData: { files, everyMs } });
    this.worker.unref();
    // A failed checkpointer leaves the writers' own checkpoints in charge: nothing is lost.
    this.worker.on('error', () => {});
  }

  /** Stops the thread after the round in progress, its connections closed. */
  async close(): Promise<void> {
    if (this.worker.threadId < 0) return;
    // Held until it is gone: a process that is stopping must not end (with nothing else to wait for) before.
    this.worker.ref();
    const exited = once(this.worker, 'exit');
    this.worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
