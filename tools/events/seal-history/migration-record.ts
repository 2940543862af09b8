import { createHmac, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

/** What `seal-history` records in the log file it writes: which log it sealed anew, when, and up to where. */
export interface LogMigration {
  migrated_at: string;
  /** The head of the log before, and of the log after (same position). */
  position: number;
  prior_hash: string;
  hash: string;
  /** Events whose values were sealed by the migration. */
  sealed_events: number;
  /** HMAC-SHA256 with the server secret over the fields above, hex. */
  mac: string;
}

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS log_migrations (
  migrated_at TEXT NOT NULL, position INTEGER NOT NULL, prior_hash TEXT NOT NULL, hash TEXT NOT NULL, sealed_events INTEGER NOT NULL, mac TEXT NOT NULL
)`;

const macOf = (secret: Buffer, m: Omit<LogMigration, 'mac'>): string =>
  createHmac('sha256', secret).update(`chat-log-migration/v1\n${m.migrated_at}\n${m.position}\n${m.prior_hash}\n${m.hash}\n${m.sealed_events}`).digest('hex');

export function signedMigration(secret: Buffer, migration: Omit<LogMigration, 'mac'>): LogMigration {
  return { ...migration, mac: macOf(secret, migration) };
}

export function migrationIsGenuine(secret: Buffer, migration: LogMigration): boolean {
  const expected = Buffer.from(macOf(secret, migration), 'hex');
  const given = Buffer.from(migration.mac, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The migrations recorded in a log file, oldest first (none for a log never sealed anew). */
export function migrationsOf(db: Database.Database): LogMigration[] {
  if (!db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'log_migrations'").get()) return [];
  return db.prepare('SELECT migrated_at, position, prior_hash, hash, sealed_events, mac FROM log_migrations ORDER BY rowid').all() as LogMigration[];
}
