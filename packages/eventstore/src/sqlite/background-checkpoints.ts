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
  private readonly truncations = new Map<string, ((done: boolean) => void)[]>();

  constructor(files: readonly string[], everyMs = EVERY_MS) {
    this.worker = new Worker(workerSource(new URL('./wal-checkpoint-thread.ts', import.meta.url)), { eval: true, workerData: { files, everyMs } });
    this.worker.unref();
    // A failed checkpointer leaves the writers' own checkpoints in charge: nothing is lost.
    this.worker.on('error', () => this.settleAll(false));
    this.worker.on('message', (message: { truncated?: string; ok?: boolean }) => {
      if (message.truncated === undefined) return;
      const waiting = this.truncations.get(message.truncated) ?? [];
      this.truncations.delete(message.truncated);
      for (const resolve of waiting) resolve(message.ok === true);
    });
  }

  /**
   * Copies the file's WAL into it and empties the WAL (a TRUNCATE checkpoint), so that pages written
   * before a deletion are left nowhere but overwritten in the database file; true once done, false
   * when readers or a writer kept it from finishing (the caller tries again).
   */
  truncate(file: string): Promise<boolean> {
    if (this.worker.threadId < 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiting = this.truncations.get(file);
      if (waiting) waiting.push(resolve);
      else {
        this.truncations.set(file, [resolve]);
        this.worker.postMessage({ truncate: file });
      }
    });
  }

  private settleAll(done: boolean): void {
    for (const waiting of this.truncations.values()) for (const resolve of waiting) resolve(done);
    this.truncations.clear();
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
    this.settleAll(false);
  }
}
