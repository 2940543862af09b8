import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { HashedRow } from './verify-chain.js';

/**
 * Every row of a SQLite log in position order, read through a read-only connection (a running
 * server's WAL writer is undisturbed; the walk sees the log as it was when it started).
 */
export function* sqliteRows(file: string): Generator<HashedRow> {
  if (!existsSync(file)) throw new Error(`No event log at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const select = db.prepare<[], HashedRow>('SELECT position, stream, revision, id, type, data, metadata, hash FROM events ORDER BY position');
    yield* select.iterate();
  } finally {
    db.close();
  }
}
