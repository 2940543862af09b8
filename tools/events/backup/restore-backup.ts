import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashedSqliteRows } from '@chat/eventstore';
import { KeyRing, SqliteKeyStore } from '@chat/keystore';
import { verifyChain } from '../verify/verify-chain.js';
import { type BackupManifest, readManifest, sha256Of } from './backup-manifest.js';
import { BACKED_UP } from './make-backup.js';
import { uncoveredSubjects } from './key-coverage.js';

/**
 * Restores a backup into an empty (or new) data directory: every file checked against the manifest
 * first, then copied private (0600 in 0700 directories); the restored log must verify up to the
 * manifest's head and every sealed value in it must have its key. The server started on it replays
 * the log, and with it the deletions the backup's keys had not yet carried out.
 */
export async function restoreBackup(from: string, dataDir: string): Promise<BackupManifest> {
  const manifest = readManifest(from);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: restore into an empty data directory`);
  for (const file of manifest.files) {
    const actual = await sha256Of(join(from, file.path));
    if (actual !== file.sha256) throw new Error(`${file.path} in the backup is damaged (sha256 ${actual}, the manifest says ${file.sha256})`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const file of manifest.files) {
    const target = join(dataDir, file.path);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    copyFileSync(join(from, file.path), target);
    chmodSync(target, 0o600);
  }
  const verdict = verifyChain(hashedSqliteRows(join(dataDir, BACKED_UP.log)));
  if (!verdict.ok) throw new Error(`the restored log does not verify at position ${verdict.position}: ${verdict.problem}`);
  if (verdict.head.position !== manifest.log.position || verdict.head.hash !== manifest.log.hash) {
    throw new Error(`the restored log ends at ${verdict.head.position} (${verdict.head.hash}), not at the manifest's ${manifest.log.position} (${manifest.log.hash})`);
  }
  const keysFile = join(dataDir, BACKED_UP.keys);
  const store = existsSync(keysFile) ? new SqliteKeyStore(keysFile, { readonly: true }) : null;
  const ring = store ? new KeyRing((await store.load()).ring) : new KeyRing();
  await store?.close();
  const uncovered = uncoveredSubjects(join(dataDir, BACKED_UP.log), ring);
  if (uncovered.length > 0) throw new Error(`the backup's key store does not cover its log (no key epoch for ${uncovered.join(', ')})`);
  return manifest;
}
