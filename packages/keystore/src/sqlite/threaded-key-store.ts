import { Worker } from 'node:worker_threads';
import { workerSource } from '@chat/core';
import type { ForgetPlan } from '../key-ring.js';
import { KeyStoreBusy, type KeyStore, type StoredKeys } from '../key-store.js';
import { asBuffer, type KeyStoreAnswer, type KeyStoreReply, type KeyStoreRequest, type ThreadError } from './key-store-protocol.js';

type Pending = { resolve: (reply: KeyStoreReply) => void; reject: (error: Error) => void };

/** What each request is answered with. */
interface Replies {
  load: StoredKeys;
  addEpochs: [string, Uint8Array][];
  forget: null;
  bindLog: null;
  changeMark: string;
  close: null;
}
type Op = keyof Replies;
type RequestOf<K extends Op> = Omit<Extract<KeyStoreRequest, { op: K }>, 'id'>;

/** The error the thread reported, as the caller would have met it on this thread (name and code kept). */
function errorOf(reported: ThreadError): Error {
  if (reported.name === 'KeyStoreBusy') return Object.assign(new KeyStoreBusy(''), { message: reported.message });
  const error = new Error(reported.message);
  error.name = reported.name;
  return reported.code ? Object.assign(error, { code: reported.code }) : error;
}

const ringOf = (stored: StoredKeys): StoredKeys => ({
  ...stored,
  ring: { masters: stored.ring.masters.map(([epoch, key]) => [epoch, asBuffer(key)]), materialized: stored.ring.materialized.map(([epoch, keys]) => [epoch, asBuffer(keys)]) },
});

/**
 * The embedded key store (SqliteKeyStore, DATA_DIR/keys.sqlite3) run in a worker thread of its own
 * (key-store-thread.ts): a forgetting's durable commit (journal, two syncs, about 20 ms on a busy disk)
 * no longer holds the event loop, so a retention sweep or an erasure leaves other requests alone.
 * Everything SqliteKeyStore promises holds unchanged; its errors come back with their names and codes
 * (a full disk is still SQLITE_FULL, a backup's lock still KeyStoreBusy).
 */
export class ThreadedSqliteKeyStore implements KeyStore {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private failure: Error | null = null;

  constructor(readonly file: string) {
    this.worker = new Worker(workerSource(new URL('./key-store-thread.ts', import.meta.url)), { eval: true, workerData: file });
    this.worker.unref();
    this.worker.on('message', (answer: KeyStoreAnswer) => this.settle(answer));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`key store thread exited with ${code}`)));
  }

  /** A store whose file opened (a damaged or unreadable one throws here, as SqliteKeyStore's constructor does). */
  static async open(file: string): Promise<ThreadedSqliteKeyStore> {
    const store = new ThreadedSqliteKeyStore(file);
    try {
      await store.changeMark();
      return store;
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  async load(): Promise<StoredKeys> {
    return ringOf(await this.ask({ op: 'load' }));
  }

  async addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]> {
    const stored = await this.ask({ op: 'addEpochs', epochs: [...epochs] });
    return stored.map(([epoch, master]) => [epoch, asBuffer(master)]);
  }

  async forget(plan: ForgetPlan, position: number): Promise<void> {
    await this.ask({ op: 'forget', plan, position });
  }

  async bindLog(logId: string): Promise<void> {
    await this.ask({ op: 'bindLog', logId });
  }

  async changeMark(): Promise<string> {
    return this.ask({ op: 'changeMark' });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.ask({ op: 'close' }).catch(() => undefined);
    this.failure ??= new Error('key store closed');
    await this.worker.terminate();
  }

  private ask<K extends Op>(request: RequestOf<K> & { op: K }): Promise<Replies[K]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.next;
    return new Promise<Replies[K]>((resolve, reject) => {
      // The thread answers each request with its op's reply (key-store-thread.ts).
      this.pending.set(id, { resolve: resolve as (reply: KeyStoreReply) => void, reject });
      // Held open while a request is out (a forgetting must finish), idle it keeps no process alive.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }

  private settle(answer: KeyStoreAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in answer) waiting.reject(errorOf(answer.error));
    else waiting.resolve(answer.ok);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
