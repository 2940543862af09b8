import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { hashedSqliteRows } from '@chat/eventstore';
import { KeyRing, SqliteKeyStore } from '@chat/keystore';
import { verifyChain } from '../verify/verify-chain.js';
import { BACKUP_FORMAT, type BackedUpFile, type BackupManifest, sha256Of, writeManifest } from './backup-manifest.js';
import { keyStoreImage, writeBackupKeys } from './backup-keys.js';
import { copyTree } from './copy-tree.js';
import { uncoveredSubjects } from './key-coverage.js';

/** The durable state of an install, as a backup copies it; the rest (search index, snapshot, queues) is rebuilt or ephemeral. */
export const BACKED_UP = { log: 'events.sqlite3', keys: 'keys.sqlite3', secret: 'server-secret', uploads: 'uploads' } as const;

/**
 * A consistent backup of a data directory, with or without a server running on it: the key store
 * first, then the log as of one moment (VACUUM INTO, a read transaction: the server goes on writing),
 * then the key epochs made meanwhile, the uploads and the server secret; every file's digest and the
 * log's head in a manifest written last. The copy's hash chain is verified and every sealed value in
 * it must have its key in the copy, or the backup fails. A backup that fails (a full disk among other
 * reasons) leaves nothing of itself behind: half a backup would take space and look like one.
 */
export async function makeBackup(dataDir: string, out: string, now: Date): Promise<BackupManifest> {
  const existed = existsSync(out);
  if (existed && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  try {
    return await writeBackup(dataDir, out, now);
  } catch (error) {
    if (existed) for (const name of readdirSync(out)) rmSync(join(out, name), { recursive: true, force: true });
    else rmSync(out, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)} (nothing of the backup was kept)`, { cause: error });
  }
}

async function writeBackup(dataDir: string, out: string, now: Date): Promise<BackupManifest> {
  const logFile = join(dataDir, BACKED_UP.log);
  const keysFile = join(dataDir, BACKED_UP.keys);
  if (!existsSync(logFile)) throw new Error(`no log at ${logFile}`);
  mkdirSync(out, { recursive: true, mode: 0o700 });
  chmodSync(out, 0o700);
  const keysBefore = existsSync(keysFile) ? keyStoreImage(keysFile) : null;
  const source = new Database(logFile, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(join(out, BACKED_UP.log));
  } finally {
    source.close();
  }
  chmodSync(join(out, BACKED_UP.log), 0o600);
  const verdict = verifyChain(hashedSqliteRows(join(out, BACKED_UP.log)));
  if (!verdict.ok) throw new Error(`the copied log does not verify at position ${verdict.position}: ${verdict.problem}`);
  const keys = keysBefore ? await writeBackupKeys(join(out, BACKED_UP.keys), keysBefore, keysFile) : { masters: 0, materialized: 0, lastForget: 0 };
  const ring = keysBefore ? await loadedRing(join(out, BACKED_UP.keys)) : new KeyRing();
  const uncovered = uncoveredSubjects(join(out, BACKED_UP.log), ring);
  if (uncovered.length > 0) throw new Error(`the key store does not cover the copied log (no key epoch for ${uncovered.join(', ')}); try again`);
  const files = [BACKED_UP.log, ...(keysBefore ? [BACKED_UP.keys] : []), ...copyTree(join(dataDir, BACKED_UP.uploads), join(out, BACKED_UP.uploads), BACKED_UP.uploads)];
  const secretFile = join(dataDir, BACKED_UP.secret);
  const secret = existsSync(secretFile) ? 'file' : 'environment';
  if (secret === 'file') {
    copyFileSync(secretFile, join(out, BACKED_UP.secret));
    chmodSync(join(out, BACKED_UP.secret), 0o600);
    files.push(BACKED_UP.secret);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: now.toISOString(),
    log: { position: verdict.head.position, hash: verdict.head.hash },
    keys: { masters: keys.masters, materialized_epochs: keys.materialized, last_forget: keys.lastForget },
    secret,
    files: await Promise.all(files.map(async (path): Promise<BackedUpFile> => ({ path, bytes: statSync(join(out, path)).size, sha256: await sha256Of(join(out, path)) }))),
  };
  writeManifest(out, manifest);
  return manifest;
}

async function loadedRing(file: string): Promise<KeyRing> {
  const store = new SqliteKeyStore(file, { readonly: true });
  try {
    return new KeyRing((await store.load()).ring);
  } finally {
    await store.close();
  }
}
