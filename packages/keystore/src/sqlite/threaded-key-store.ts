import type { Worker } from 'node:worker_threads';
import type { ForgetPlan } from '../key-ring.js';
import { KeyStoreBusy, type KeyStore, type StoredKeys } from '../key-store.js';
import { startKeyStoreThread, takeBootedKeyStoreThread } from './key-store-boot.js';
import { asBuffer, type KeyStoreAnswer, type KeyStoreReply, type KeyStoreRequest, type ThreadError } from './key-store-protocol.js';

type Pending = { resolve: (reply: KeyStoreReply) => void; reject: (error: Error) => void };

/** What each request is answered with. */
interface Replies {
  open: null;
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
 * (a full disk is still SQLITE_FULL, a backup's lock still KeyStoreBusy). A thread that dies (an
 * uncaught error, a native crash, terminated) fails the calls in flight, and the next call starts a
 * new one on the same file: SQLite's journal rolls back a commit it left half done.
 */
export class ThreadedSqliteKeyStore implements KeyStore {
  /** The thread answering calls; null after it died (until the next call) and once closed. */
  private worker: Worker | null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private closed = false;
  private started = 0;

  constructor(readonly file: string) {
    this.worker = this.start();
  }

  /** How many threads this store has started (1 unless one died): for operators and tests. */
  get threadsStarted(): number {
    return this.started;
  }

  /** A thread for this store, told which file: the one booted ahead when there is one, else a new one. */
  private start(): Worker {
    const worker = takeBootedKeyStoreThread() ?? startKeyStoreThread();
    this.started++;
    worker.unref();
    worker.on('message', (answer: KeyStoreAnswer) => this.settle(answer));
    worker.on('error', (error) => this.died(worker, error));
    worker.on('exit', (code) => this.died(worker, new Error(`key store thread exited with ${code}`)));
    // Answered like any request, to no one: a file that does not open fails the calls that follow.
    worker.postMessage({ id: ++this.next, op: 'open', file: this.file } satisfies KeyStoreRequest);
    return worker;
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
    if (this.closed) return;
    const worker = this.worker;
    if (worker) await this.ask({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    this.worker = null;
    await worker?.terminate();
  }

  private ask<K extends Op>(request: RequestOf<K> & { op: K }): Promise<Replies[K]> {
    if (this.closed) return Promise.reject(new Error('key store closed'));
    const worker = (this.worker ??= this.start());
    const id = ++this.next;
    return new Promise<Replies[K]>((resolve, reject) => {
      // The thread answers each request with its op's reply (key-store-thread.ts).
      this.pending.set(id, { resolve: resolve as (reply: KeyStoreReply) => void, reject });
      // Held open while a request is out (a forgetting must finish), idle it keeps no process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id });
    });
  }

  private settle(answer: KeyStoreAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker?.unref();
    if ('error' in answer) waiting.reject(errorOf(answer.error));
    else waiting.resolve(answer.ok);
  }

  /**
   * The thread stopped answering (its 'error' comes before its 'exit'): every call still waiting fails
   * with why, and the next call starts a new thread. Events of a thread already replaced change nothing.
   */
  private died(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
