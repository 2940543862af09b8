import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core';
import type { SearchDocument, SearchIndex, SearchRange, SearchWrite } from './search-index.js';
import { ftsQuery } from './sqlite-search-index.js';
import { SearchReader } from './search-reader-client.js';
import type { SearchTerm } from './search-text.js';
import type { SearchWriterOptions, WriterAnswer, WriterRequest, WriterWrite } from './search-writer-protocol.js';

/**
 * Writes posted without an answer before one waits until the writer has applied them: a catch-up of a
 * million messages goes at the writer's pace instead of queueing every document in memory.
 */
export const WRITES_BEFORE_SYNC = 2_000;

type Waiting = { resolve: (position: number) => void; reject: (error: Error) => void };

const failureOf = (message: string, code: string | undefined): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

/**
 * The embedded index of a file, off the event loop: writes go to a writer thread (search-writer-thread.ts,
 * which keeps the SqliteSearchIndex) and searches to a reader thread with a read-only connection
 * (SearchReader), after the writer has committed what came before them, so they see every applied
 * event. A write costs the event loop one message to the writer; the FTS5 work, the secure deletes of
 * a deletion and the commits cost it nothing (a retention batch's removals and a commit of a quarter
 * second's writes had held it for up to 90 ms at a million messages).
 *
 * A failed write or commit (a full disk) comes back from the writer after the call that posted it:
 * `watchFailures` listeners hear of it then, the next write throws it, and the writer drops writes
 * until resumed; `position()` is then what the file holds, for the keeper to replay from. A writer
 * thread that is lost (it could not open the file, or exited) is told to the listeners the same way;
 * writes and questions are refused, and searches answer from what the file holds, until `resume`
 * starts a new one.
 */
export class ThreadedSearchIndex implements SearchIndex {
  private readonly options: SearchWriterOptions;
  private worker: Worker;
  private closed = false;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  private unsynced = 0;
  /** A write's failure reported by the writer, thrown at the next write until `resume`. */
  private failure: Error | null = null;
  /** The writer thread is gone (it failed to open the file, or exited). */
  private broken: Error | null = null;
  private readerStarted: SearchReader | null = null;
  private readonly failureListeners: ((error: Error) => void)[] = [];

  constructor(
    private readonly file: string,
    options: Omit<SearchWriterOptions, 'file'> = {},
  ) {
    this.options = { file, ...options };
    this.worker = this.startWriter();
  }

  /** A writer thread over the file; the events of one that was replaced are ignored. */
  private startWriter(): Worker {
    const worker = new Worker(workerSource(new URL('./search-writer-thread.ts', import.meta.url)), { eval: true, workerData: this.options });
    worker.unref();
    worker.on('message', (answer: WriterAnswer) => worker === this.worker && this.settle(answer));
    worker.on('error', (error) => worker === this.worker && this.fail(error));
    worker.on('exit', (code) => worker === this.worker && this.fail(new Error(`search writer exited with ${code}`)));
    return worker;
  }

  /** Started at the first search, so a process that never searches runs no reader. */
  private get reader(): SearchReader {
    this.readerStarted ??= new SearchReader(this.file);
    return this.readerStarted;
  }

  put(doc: SearchDocument, position: number): SearchWrite {
    return this.post({ kind: 'put', doc, position });
  }

  setText(id: number, text: string, position: number): SearchWrite {
    return this.post({ kind: 'setText', messageId: id, text, position });
  }

  setTopic(ids: readonly number[], topic: string, position: number): SearchWrite {
    return this.post({ kind: 'setTopic', ids, topic, position });
  }

  remove(ids: readonly number[], position: number): SearchWrite {
    return this.post({ kind: 'remove', ids, position });
  }

  position(): Promise<number> {
    return this.ask('position');
  }

  async search(terms: readonly SearchTerm[], range: SearchRange, limit: number): Promise<number[]> {
    if (terms.length === 0 || limit <= 0) return [];
    await this.committed();
    const query = ftsQuery(terms);
    return 'below' in range
      ? this.reader.ask({ kind: 'below', query, bound: range.below, limit })
      : this.reader.ask({ kind: 'above', query, bound: range.above, limit });
  }

  async matchingAmong(terms: readonly SearchTerm[], ids: readonly number[]): Promise<number[]> {
    if (terms.length === 0 || ids.length === 0) return [];
    await this.committed();
    return this.reader.ask({ kind: 'among', terms, ids });
  }

  async flush(): Promise<void> {
    await this.ask('flush');
  }

  watchFailures(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  /**
   * Writes are taken again: the writer's reported failure is forgotten, and a writer thread that was
   * lost is replaced by a new one, which opens the file again (the keeper resumes every few seconds
   * while the index is behind, so search comes back once the file can be opened, without a restart).
   */
  resume(): void {
    this.failure = null;
    if (this.closed) return;
    if (this.broken) {
      this.broken = null;
      this.unsynced = 0;
      void this.worker.terminate();
      this.worker = this.startWriter();
      return;
    }
    this.worker.postMessage({ kind: 'resume' } satisfies WriterWrite);
  }

  async clear(): Promise<void> {
    await this.ask('clear');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (!this.broken) await this.ask('close').catch(() => undefined);
    this.broken ??= new Error('search index closed');
    await this.readerStarted?.close();
    await this.worker.terminate();
  }

  /**
   * Asks the writer to commit before a read. A writer that cannot (its thread gone) fails no search:
   * the reader answers from what the file holds, as searches do while the index is behind.
   */
  private async committed(): Promise<void> {
    await this.ask('commit').catch(() => undefined);
  }

  private post(write: WriterWrite): SearchWrite {
    const refused = this.failure ?? this.broken;
    if (refused) throw refused;
    this.worker.postMessage(write);
    if (++this.unsynced < WRITES_BEFORE_SYNC) return undefined;
    return this.ask('sync').then(() => undefined);
  }

  private ask(kind: WriterRequest['kind']): Promise<number> {
    if (this.broken) return Promise.reject(this.broken);
    if (kind === 'sync') this.unsynced = 0;
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      // Held while a question waits, so a process with nothing else to do still hears the answer.
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, kind } satisfies WriterRequest);
    });
  }

  private settle(answer: WriterAnswer): void {
    if ('failed' in answer) {
      const failure = (this.failure ??= failureOf(answer.failed, answer.code));
      for (const listener of this.failureListeners) listener(failure);
      return;
    }
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker.unref();
    if ('error' in answer) waiting.reject(failureOf(answer.error, answer.code));
    else waiting.resolve(answer.position);
  }

  /** The writer thread is gone: questions waiting are refused, and, unless it was closed, the listeners told. */
  private fail(error: Error): void {
    const unexpected = this.broken === null;
    this.broken ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(this.broken);
    this.waiting.clear();
    if (unexpected) for (const listener of this.failureListeners) listener(error);
  }
}
