import { closeSync, existsSync, linkSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type DomainEvent, subjectsForgottenBy } from '@chat/core';
import { chainHash, type ChainedRow, EventSchemaRegistry, GENESIS_HASH, hashedSqliteRows, sealData, sealedEntries, sealSpecsOf, subjectsToSeal } from '@chat/eventstore';
import { SqliteKeyStore, SubjectKeys } from '@chat/keystore';
import { removeArraysFiles } from '@chat/readstore';
import { verifyChain } from '../verify/verify-chain.js';
import { MIGRATIONS_TABLE, type LogMigration, signedMigration } from './migration-record.js';

/** The files derived from the log that may hold what the old log held in clear: removed, and rebuilt at the next start. */
const DERIVED = ['search.sqlite3', 'search.sqlite3-wal', 'search.sqlite3-shm', 'read-models.snapshot', 'read-models.snapshot.tmp', 'queues.json'];

const NEW_LOG_SCHEMA = `
CREATE TABLE events (
  position INTEGER PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL, id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, hash TEXT NOT NULL,
  -- the row's hash in the log before it was sealed anew; covered by this row's hash
  prior_hash TEXT,
  UNIQUE (stream, revision)
);
${MIGRATIONS_TABLE};
`;

/** Overwrites a file with zeros before removing it: what it held in clear leaves the file, not only its name. */
function shred(file: string): void {
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    const zeros = Buffer.alloc(1 << 20);
    for (let at = 0; at < size; at += zeros.length) writeSync(fd, zeros, 0, Math.min(zeros.length, size - at), at);
  } finally {
    closeSync(fd);
  }
  rmSync(file);
}

export interface SealHistoryReport extends LogMigration {
  forgotten: number;
}

/**
 * Brings a log written before sealing under it (docs/topics/forgetting.md, "Logs written before
 * sealing"): writes the log again with every value the schemas seal sealed, the same positions,
 * streams, ids and metadata, and a new hash chain that carries each row's earlier hash; carries out
 * every forgetting the log records (deleted messages written in clear become unreadable); then puts
 * the new log in place and overwrites the old one and the files derived from it. Run with the server
 * stopped; a run cut short leaves the old log as it was.
 */
export async function sealHistory(dataDir: string, secret: Buffer, now: Date): Promise<SealHistoryReport> {
  const logFile = join(dataDir, 'events.sqlite3');
  const newFile = `${logFile}.sealing`;
  const oldFile = `${logFile}.before-sealing`;
  for (const leftover of [newFile, `${newFile}-journal`]) rmSync(leftover, { force: true });
  // A run cut short after the new log took its place left the old one under this name.
  shred(oldFile);
  // The WAL goes into the file first: the new log must never meet the old one's WAL.
  const writer = new Database(logFile, { fileMustExist: true });
  writer.pragma('wal_checkpoint(TRUNCATE)');
  writer.close();
  const specs = sealSpecsOf(new EventSchemaRegistry().schemas.values());
  const keys = await SubjectKeys.open(new SqliteKeyStore(join(dataDir, 'keys.sqlite3')));
  const out = new Database(newFile);
  out.pragma('journal_mode = OFF');
  out.pragma('synchronous = OFF');
  out.exec(NEW_LOG_SCHEMA);
  const insert = out.prepare('INSERT INTO events (position, stream, revision, id, type, data, metadata, hash, prior_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const forgetting: { subjects: string[]; position: number }[] = [];
  let previous = GENESIS_HASH;
  let last = { position: 0, prior: GENESIS_HASH };
  let sealedEvents = 0;
  try {
    out.exec('BEGIN');
    for (const row of hashedSqliteRows(logFile)) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const version = (JSON.parse(row.metadata) as { schema_version: number }).schema_version;
      const groups = specs.get(`${row.type}.v${version}`);
      let stored = row.data;
      if (groups && sealedEntries(data).length === 0) {
        await keys.ensure(subjectsToSeal(data, groups));
        const sealed = sealData(data, groups, row.id, keys.ring);
        if (sealed !== data) {
          stored = JSON.stringify(sealed);
          sealedEvents++;
        }
      }
      const subjects = subjectsForgottenBy({ type: row.type, data } as DomainEvent);
      if (subjects.length > 0) forgetting.push({ subjects, position: row.position });
      const next: ChainedRow = { position: row.position, stream: row.stream, revision: row.revision, id: row.id, type: row.type, data: stored, metadata: row.metadata, prior_hash: row.hash };
      previous = chainHash(previous, next);
      insert.run(next.position, next.stream, next.revision, next.id, next.type, next.data, next.metadata, previous, row.hash);
      last = { position: row.position, prior: row.hash };
    }
    const migration = signedMigration(secret, { migrated_at: now.toISOString(), position: last.position, prior_hash: last.prior, hash: previous, sealed_events: sealedEvents });
    out.prepare('INSERT INTO log_migrations (migrated_at, position, prior_hash, hash, sealed_events, mac) VALUES (?, ?, ?, ?, ?, ?)').run(
      migration.migrated_at, migration.position, migration.prior_hash, migration.hash, migration.sealed_events, migration.mac,
    );
    out.exec('COMMIT');
    out.pragma('journal_mode = DELETE');
    out.close();
    const verdict = verifyChain(hashedSqliteRows(newFile));
    if (!verdict.ok || verdict.head.hash !== previous) throw new Error(`the new log does not verify${verdict.ok ? '' : ` at ${verdict.position}: ${verdict.problem}`}`);
    let forgotten = 0;
    for (const each of forgetting) if (await keys.forget(each.subjects, each.position)) forgotten += each.subjects.length;
    await keys.close();
    for (const suffix of ['-wal', '-shm']) shred(`${logFile}${suffix}`);
    // The old log stays reachable under another name until the new one has taken its place.
    linkSync(logFile, oldFile);
    renameSync(newFile, logFile);
    shred(oldFile);
    for (const derived of DERIVED) shred(join(dataDir, derived));
    // The snapshot's arrays files hold numbers only: removed with the snapshot, nothing to overwrite.
    await removeArraysFiles(join(dataDir, 'read-models.snapshot'));
    return { ...migration, forgotten };
  } catch (error) {
    if (out.open) out.close();
    rmSync(newFile, { force: true });
    await keys.close();
    throw error;
  }
}
