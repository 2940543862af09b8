import { closeSync, fdatasync, openSync } from 'node:fs';

interface Waiter {
  done: () => void;
  fail: (error: Error) => void;
}

/**
 * Makes commits durable off the event loop. The log runs SQLite with `synchronous = NORMAL`, so a
 * commit writes its WAL frames and returns without waiting for the disk; this queue then fdatasyncs
 * the WAL file on libuv's thread pool, and only after that is a commit acknowledged. The guarantee is
 * `synchronous = FULL`'s (an acknowledged append survives a power cut), but the 2–3 ms the disk takes
 * no longer holds every other request.
 *
 * One sync at a time: commits that arrive while one is in flight wait for the next, which covers them
 * all (a sync flushes the whole file), and waiters are told strictly in commit order. A failed sync
 * fails its waiters and every later one: after a failed fsync the kernel may have dropped the dirty
 * pages and a retry may report success over lost data, so the log refuses to acknowledge anything more
 * until the process restarts and reads back what the disk really holds.
 */
export class WalSync {
  private fd: number | null = null;
  private inFlight = false;
  private waiting: Waiter[] = [];
  private broken: Error | null = null;
  private idle: (() => void)[] = [];

  constructor(private readonly walFile: string) {}

  /** Calls `done` once everything committed before this call is on disk (or `fail` if it cannot be). */
  afterCommit(done: () => void, fail: (error: Error) => void): void {
    if (this.broken) {
      fail(this.broken);
      return;
    }
    this.waiting.push({ done, fail });
    if (!this.inFlight) this.start();
  }

  /** Resolves once no sync is in flight or waiting. */
  settled(): Promise<void> {
    if (!this.inFlight && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Closes the WAL file's descriptor; call after settled(). */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private start(): void {
    const group = this.waiting;
    this.waiting = [];
    this.inFlight = true;
    let fd: number;
    try {
      fd = this.fd ??= openSync(this.walFile, 'r');
    } catch (error) {
      this.finish(group, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    fdatasync(fd, (error) => this.finish(group, error));
  }

  private finish(group: Waiter[], error: Error | null): void {
    this.inFlight = false;
    if (error) this.broken ??= Object.assign(new Error(`the event log could not be made durable: ${error.message}`, { cause: error }), { code: 'code' in error && typeof error.code === 'string' ? error.code : 'EIO' });
    for (const waiter of group) {
      if (this.broken) waiter.fail(this.broken);
      else waiter.done();
    }
    if (this.waiting.length > 0) {
      if (this.broken) {
        for (const waiter of this.waiting.splice(0)) waiter.fail(this.broken);
      } else {
        this.start();
        return;
      }
    }
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
