import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { ChainedRow } from '../sqlite/chain-hash.js';

/** A row of the SQLite log as stored, with the chain hash it was written with. */
export type HashedRow = ChainedRow & { hash: string };

/**
 * Every row of a SQLite log in position order, hash included, through a read-only connection: a
 * running server's WAL writer is undisturbed, and the walk sees the log as it was when it started.
 * For auditors (`verify`); readers of events use `ReadOnlySqliteLog`.
 */
export function* hashedSqliteRows(file: string): Generator<HashedRow> {
  if (!existsSync(file)) throw new Error(`No event log at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // A file the server created but never wrote to: an empty log, as ReadOnlySqliteLog reads it.
    if (!db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'events'").get()) return;
    // A log sealed anew keeps each row's earlier hash (prior_hash), which its chain covers.
    const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').all('events') as { name: string }[]).map((column) => column.name);
    const prior = columns.includes('prior_hash') ? ', prior_hash' : '';
    const select = db.prepare<[], HashedRow>(`SELECT position, stream, revision, id, type, data, metadata, hash${prior} FROM events ORDER BY position`);
    yield* select.iterate();
  } finally {
    db.close();
  }
}
