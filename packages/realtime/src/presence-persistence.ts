import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { PresenceStore, SavedPresence } from './presence-store.js';

/** Writes every user's presence at a graceful stop, atomically. */
export function savePresence(store: PresenceStore, file: string): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(store.snapshot()), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/**
 * Restores the presence written at the last graceful stop; returns how many users it holds. The
 * file is kept: after a crash, old presence (which ages into offline by itself) beats none, and
 * clients whose update ids are ahead of it are answered in full (see fetchPresences).
 */
export function loadPresence(store: PresenceStore, file: string): number {
  if (!existsSync(file)) return 0;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedPresence;
  if (saved.version !== 1) return 0;
  store.restore(saved);
  return saved.entries.length;
}
