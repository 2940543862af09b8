import { chmodSync, closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Only the server's own user reads the data directory: it holds the log, the secret, uploads and mail. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the data directory 0700, or narrows an existing one (and what lies directly in it, from
 * releases that made them 0644) to 0700 and 0600. Files made later are created private by their
 * writers, and the server process runs with umask 077 (main.ts) for whatever a library creates.
 */
export function preparePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(join(dir, entry.name), PRIVATE_DIR_MODE);
    else if (entry.isFile()) chmodSync(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/** Creates the file empty and 0600 if missing, so whatever opens it later (SQLite, with its -wal and -shm, which copy its mode) keeps it private. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}
