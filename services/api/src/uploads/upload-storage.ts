import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, by path id. The log records only what describes a file; an object store
 * can replace the local disk by implementing this port.
 */
export interface UploadStorage {
  /** Takes the received file (a temporary file, moved or copied away) as the bytes of a path id; written once. */
  put(pathId: string, receivedFile: string): Promise<void>;
  /** The bytes as a stream, or null when nothing is stored there. */
  get(pathId: string): Promise<Readable | null>;
  /** Removes the bytes; nothing stored there is not an error (a clean-up may run twice). */
  delete(pathId: string): Promise<void>;
}
