import { DataDirInUse, lockDataDir } from '../../../services/api/src/ops/data-dir-lock.js';

/**
 * Holds a data directory while a tool rewrites it, with the lock a server holds over it
 * (services/api/src/ops/data-dir-lock.ts); refuses when a server runs on it.
 */
export function holdDataDir(dataDir: string): () => void {
  try {
    const lock = lockDataDir(dataDir);
    return () => lock.release();
  } catch (error) {
    if (error instanceof DataDirInUse) throw new Error(`a server is running on ${dataDir}: stop it first`);
    throw error;
  }
}
