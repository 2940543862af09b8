import { existsSync } from 'node:fs';
import { KeyRingSource } from './key-ring-source.js';
import { SqliteKeyStore } from './sqlite/sqlite-key-store.js';

/** Where a key store is, in a form another thread or process can open it by. */
export type KeyLocation = { kind: 'sqlite'; file: string } | { kind: 'mongodb'; url: string; database?: string };

/**
 * The keys at `location` for a reader beside the server (read-only on a SQLite file); null when an
 * embedded store was never created (a log written before sealing has nothing sealed to read).
 */
export async function openKeyRingSource(location: KeyLocation): Promise<KeyRingSource | null> {
  if (location.kind === 'sqlite') {
    if (!existsSync(location.file)) return null;
    return KeyRingSource.open(new SqliteKeyStore(location.file, { readonly: true }));
  }
  const { MongoKeyStore } = await import('./mongodb/mongo-key-store.js');
  return KeyRingSource.open(await MongoKeyStore.connect(location.url, location.database));
}
