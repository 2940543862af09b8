import type { ForgetPlan, KeyRingImage } from './key-ring.js';

/** What a key store holds, read once at start. */
export interface StoredKeys {
  ring: KeyRingImage;
  /** Log position of the last event that forgot something (0: none); no snapshot older than it is loaded. */
  lastForget: number;
  /** Id of the first event of the log these keys belong to; null for a store not bound yet. */
  logId: string | null;
}

/**
 * The durable keys of sealed values, kept outside the log (docs/topics/forgetting.md). The log holds
 * only ciphertext; destroying a key here is what forgetting is. Adapters: SQLite beside the embedded
 * log (DATA_DIR/keys.sqlite3), MongoDB in production.
 */
export interface KeyStore {
  load(): Promise<StoredKeys>;
  /**
   * Stores the masters of new epochs unless a master is already stored for one (another writer made
   * it first), durably; answers the masters stored now for every epoch given.
   */
  addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]>;
  /**
   * Carries out a forget plan for the event at `position`, durably, leaving no copy of a destroyed key
   * in the store's files; applying the same plan again changes nothing.
   */
  forget(plan: ForgetPlan, position: number): Promise<void>;
  /** Binds an unbound store to a log (the id of its first event). */
  bindLog(logId: string): Promise<void>;
  /** Changes whenever the store's keys change (new epochs, forgetting): readers elsewhere reload on it. */
  changeMark(): Promise<string>;
  close(): Promise<void>;
}

/** The store is in use by another writer (a backup in progress): the operation may be tried again. */
export class KeyStoreBusy extends Error {
  constructor(what: string) {
    super(`key store busy: ${what}`);
    this.name = 'KeyStoreBusy';
  }
}
