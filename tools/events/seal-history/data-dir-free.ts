import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Holds a data directory while a tool rewrites it, as a server holds it (an exclusive SQLite lock on
 * `server.lock`, see services/api/src/ops/data-dir-lock.ts); refuses when a server runs on it.
 */
export function holdDataDir(dataDir: string): () => void {
  const db = new Database(join(dataDir, 'server.lock'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    db.exec('BEGIN EXCLUSIVE; DELETE FROM holder; COMMIT');
  } catch (error) {
    db.close();
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY')) throw new Error(`a server is running on ${dataDir}: stop it first`);
    throw error;
  }
  return () => db.close();
}
