import type { MessageStore } from './messages/message-store.js';

export type DocumentKey = string | number;

/** How a collection is looked up besides its key: by the value of one field, unique or not. */
export interface CollectionSpec {
  name: string;
  /** Fields with a unique index: findOne(field, value). */
  uniqueFields?: readonly string[];
  /** Fields with a non-unique index: findMany(field, value). */
  fields?: readonly string[];
  /** How a document is written in a memory read-models snapshot and read back (memory store only; by default as it is). */
  snapshot?: SnapshotCodec;
}

/**
 * A shorter form of a collection's documents for the memory store's snapshot, read at every restart:
 * `read(JSON.parse(JSON.stringify(write(doc))))` must equal `doc`, its keys in the same order. `read`
 * may change and return the object it is given (fresh from JSON.parse).
 */
export interface SnapshotCodec {
  write(doc: object): object;
  read(saved: object): object;
}

/**
 * A read model's documents, keyed. Writes carry the log position of the event that caused them,
 * so an adapter that persists can ignore a write it has already applied.
 */
export interface DocumentCollection<T extends object> {
  get(key: DocumentKey): Promise<T | undefined>;
  findOne(field: string, value: DocumentKey): Promise<T | undefined>;
  findMany(field: string, value: DocumentKey): Promise<T[]>;
  all(): Promise<T[]>;
  /** Every document with its key (as a string), in no particular order. */
  entries(): Promise<[string, T][]>;
  count(): Promise<number>;
  put(key: DocumentKey, doc: T, position: number): Promise<void>;
  delete(key: DocumentKey, position: number): Promise<void>;
}

/** How far each projection has applied the log. */
export interface CheckpointStore {
  get(name: string): Promise<number>;
  set(name: string, position: number): Promise<void>;
}

/** The read side of the server: named collections plus the checkpoints of the projections writing them. */
export interface ReadStore {
  collection<T extends object>(spec: CollectionSpec): DocumentCollection<T>;
  /** The messages read model (one per store). */
  readonly messages: MessageStore;
  readonly checkpoints: CheckpointStore;
  /** Whether models survive a restart (and so need not be rebuilt from position 0). */
  readonly persistent: boolean;
  /**
   * Whether other processes' projection runners write these same models (MongoDB): then they may hold
   * events this process has not applied yet (register's snapshot checks for that, see queue-start.ts).
   */
  readonly shared: boolean;
  /** Drops every document and checkpoint: the models are rebuilt from the log afterwards. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
