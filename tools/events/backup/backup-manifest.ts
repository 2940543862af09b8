import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MANIFEST = 'backup-manifest.json';
export const BACKUP_FORMAT = 'chat-backup/v1';

/** One file of a backup: where it is inside the backup, its size and digest. */
export interface BackedUpFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** What a backup holds and how to check it (written last: a backup without it is unfinished). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  /** The log's head in the backup, and its chain hash there. */
  log: { position: number; hash: string };
  keys: { masters: number; materialized_epochs: number; last_forget: number };
  /** Whether the server secret was a file (copied) or came from CHAT_SERVER_SECRET (not copied: keep it yourself). */
  secret: 'file' | 'environment';
  files: BackedUpFile[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const writeManifest = (dir: string, manifest: BackupManifest): void => writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

export function readManifest(dir: string): BackupManifest {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${dir} is not a backup this version reads (format ${String(manifest.format)})`);
  return manifest;
}
