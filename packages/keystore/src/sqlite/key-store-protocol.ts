import type { ForgetPlan } from '../key-ring.js';
import type { StoredKeys } from '../key-store.js';

/** What the main thread asks of the key store's thread (key-store-thread.ts), one request at a time. */
export type KeyStoreRequest =
  /** Opens the store's file: every thread's first request (a thread may start before the file is known, key-store-boot.ts). */
  | { id: number; op: 'open'; file: string }
  | { id: number; op: 'load' }
  | { id: number; op: 'addEpochs'; epochs: (readonly [string, Uint8Array])[] }
  | { id: number; op: 'forget'; plan: ForgetPlan; position: number }
  | { id: number; op: 'bindLog'; logId: string }
  | { id: number; op: 'changeMark' }
  | { id: number; op: 'close' };

/** An error as it crosses threads: its name and code kept (SQLITE_FULL, KeyStoreBusy) so callers tell them apart. */
export interface ThreadError {
  name: string;
  message: string;
  code?: string;
}

export type KeyStoreAnswer =
  | { id: number; ok: StoredKeys | [string, Uint8Array][] | string | null }
  | { id: number; error: ThreadError };

/** What a request that went well is answered with. */
export type KeyStoreReply = Extract<KeyStoreAnswer, { ok: unknown }>['ok'];

/** A Buffer again from what structured cloning made of one (a Uint8Array), without copying. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
