import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core';
import type { ReaderAnswer, ReaderRequest } from './search-reader-protocol.js';

type Pending = { resolve: (ids: number[]) => void; reject: (error: Error) => void };
type Question = ReaderRequest extends infer R ? (R extends ReaderRequest ? Omit<R, 'id'> : never) : never;

/**
 * The main thread's side of the search reader (search-reader.ts): questions go to one worker thread
 * with a read-only connection and come back as promises, in order.
 */
export class SearchReader {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private failure: Error | null = null;

  constructor(file: string) {
    this.worker = new Worker(workerSource(new URL('./search-reader.ts', import.meta.url)), { eval: true, workerData: file });
    this.worker.unref();
    this.worker.on('message', (answer: ReaderAnswer) => this.settle(answer));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`search reader exited with ${code}`)));
  }

  ask(question: Question): Promise<number[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...question, id });
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('search reader closed');
    await this.worker.terminate();
  }

  private settle(answer: ReaderAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer.ids);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
