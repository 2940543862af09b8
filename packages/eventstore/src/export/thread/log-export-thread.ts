import { Worker } from 'node:worker_threads';
import type { LogLocation } from '../../reading/log-location.js';
import { workerSource } from '@chat/core';
import type { ExportRequest, FromExportThread, ToExportThread } from './export-thread-protocol.js';

/** Chunks a job may have sent that the server has not written out yet. */
const CREDIT = 4;

/** Where one job's chunks wait for the server to take them. */
class Inbox {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  put(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.resume();
  }

  end(failure: Error | null): void {
    this.ended = true;
    this.failure ??= failure;
    this.resume();
  }

  /** The next chunk; null at the end; throws what the thread reported. */
  async take(): Promise<Buffer | null> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) return chunk;
      if (this.failure) throw this.failure;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private resume(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** Runs exports of the log: the lines of one, in chunks of whole lines; stopping early cancels it. */
export interface LogExports {
  export(request: ExportRequest): AsyncIterable<Buffer>;
  close(): Promise<void>;
}

/**
 * Exports of the log, run in one worker thread kept for the process (started at the first export):
 * the thread reads the log with a connection of its own and makes the NDJSON; the server's thread
 * only writes the finished chunks. A job's thread side sends a chunk only for a credit, and a credit
 * goes back as each chunk is taken, so a slow client holds at most CREDIT chunks in memory here.
 */
export class LogExportThread implements LogExports {
  private worker: Worker | null = null;
  private readonly inboxes = new Map<number, Inbox>();
  private next = 0;
  /** Bytes the thread has handed over so far, every export together (how far exports have read). */
  bytesReceived = 0;

  constructor(private readonly location: LogLocation) {}

  /** The lines of one export, in chunks that each end with a whole line; stopping early cancels it. */
  async *export(request: ExportRequest): AsyncGenerator<Buffer> {
    const job = ++this.next;
    const inbox = new Inbox();
    this.inboxes.set(job, inbox);
    const worker = this.thread();
    let done = false;
    try {
      this.tell(worker, { type: 'start', job, request, credit: CREDIT });
      for (;;) {
        const chunk = await inbox.take();
        if (chunk === null) break;
        yield chunk;
        this.tell(worker, { type: 'credit', job });
      }
      done = true;
    } finally {
      this.inboxes.delete(job);
      if (!done) this.tell(worker, { type: 'cancel', job });
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, new Error('export thread closed'));
    // Held until it is gone: a process that is stopping must not end before.
    worker.ref();
    await worker.terminate();
  }

  private tell(worker: Worker, message: ToExportThread): void {
    if (worker === this.worker) worker.postMessage(message);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerSource(new URL('./export-thread.ts', import.meta.url)), { eval: true, workerData: this.location });
    // An idle export thread never keeps the process alive.
    worker.unref();
    worker.on('message', (message: FromExportThread) => this.receive(message));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`export thread exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private receive(message: FromExportThread): void {
    const inbox = this.inboxes.get(message.job);
    switch (message.type) {
      case 'chunk':
        this.bytesReceived += message.bytes.byteLength;
        inbox?.put(Buffer.from(message.bytes));
        return;
      case 'end':
        inbox?.end(null);
        return;
      case 'failed':
        inbox?.end(new Error(message.message));
        return;
    }
  }

  /** The thread is gone: its exports fail, and the next export starts a new one. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const inbox of this.inboxes.values()) inbox.end(error);
  }
}
