import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export class DataDirInUse extends Error {}

/** The lock held while a server runs over a data directory; released at a clean stop, and by the kernel when the process dies. */
export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process alone: an exclusive SQLite lock on `server.lock` (a
 * POSIX lock, so a crashed holder never leaves it behind and a reused pid cannot fool it), with the
 * holder's pid written beside it in `server.pid` so a second server can say who holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const pidFile = join(dataDir, 'server.pid');
  const db = new Database(join(dataDir, 'server.lock'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock, and locking_mode keeps it until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    db.exec('BEGIN EXCLUSIVE; DELETE FROM holder; COMMIT');
  } catch (error) {
    db.close();
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY')) {
      throw new DataDirInUse(`data directory ${dataDir} is in use by another server (${holderOf(pidFile)}); stop it first`);
    }
    throw error;
  }
  writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  return {
    release: () => {
      rmSync(pidFile, { force: true });
      db.close();
    },
  };
}

function holderOf(pidFile: string): string {
  try {
    return `pid ${readFileSync(pidFile, 'utf8').trim()}`;
  } catch {
    return 'pid unknown';
  }
}
