import Database from 'better-sqlite3';
import { sealedEntries } from '@chat/eventstore';
import { type KeyRing, UnknownKeyError } from '@chat/keystore';

/**
 * The subjects sealed in a SQLite log whose epoch the keys do not know (a key store that does not
 * cover its log): none, for a backup or a restored data directory that can be read in full.
 */
export function uncoveredSubjects(logFile: string, ring: KeyRing, limit = 10): string[] {
  const db = new Database(logFile, { readonly: true, fileMustExist: true });
  const missing = new Set<string>();
  try {
    for (const row of db.prepare<[], { data: string }>(`SELECT data FROM events WHERE instr(data, '"$sealed"') > 0`).iterate()) {
      for (const entry of sealedEntries(JSON.parse(row.data))) {
        for (const subject of entry.s) {
          try {
            ring.keyOf(subject);
          } catch (error) {
            if (!(error instanceof UnknownKeyError)) throw error;
            missing.add(subject);
            if (missing.size >= limit) return [...missing];
          }
        }
      }
    }
  } finally {
    db.close();
  }
  return [...missing];
}
