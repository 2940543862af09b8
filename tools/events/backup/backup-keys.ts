import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SqliteKeyStore } from '@chat/keystore';

/** The key store file exactly as it is now (a consistent image, read-only). */
export function keyStoreImage(file: string): Buffer {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.serialize();
  } finally {
    db.close();
  }
}

/**
 * Writes the key store taken before the log was copied, completed with the epochs made while the
 * log was copied (their events may be in the copy). Keys destroyed meanwhile stay in this copy: the
 * deletions that destroyed them are in the copied log, or came after it; a restore destroys the
 * first again when it replays the log (docs/topics/forgetting.md, "Backups").
 */
export async function writeBackupKeys(target: string, before: Buffer, liveFile: string): Promise<{ masters: number; materialized: number; lastForget: number }> {
  writeFileSync(target, before, { mode: 0o600 });
  const copy = new SqliteKeyStore(target);
  const live = new SqliteKeyStore(liveFile, { readonly: true });
  try {
    const had = await copy.load();
    const now = await live.load();
    const known = new Set([...had.ring.masters.map(([epoch]) => epoch), ...had.ring.materialized.map(([epoch]) => epoch)]);
    await copy.addEpochs(now.ring.masters.filter(([epoch]) => !known.has(epoch)));
    const materializedLater = now.ring.materialized.filter(([epoch]) => !known.has(epoch)).map(([epoch, keys]): [string, Buffer] => [epoch, keys]);
    if (materializedLater.length > 0) await copy.forget({ subjects: [], dropMasters: [], epochKeys: materializedLater }, had.lastForget);
    const done = await copy.load();
    return { masters: done.ring.masters.length, materialized: done.ring.materialized.length, lastForget: done.lastForget };
  } finally {
    await copy.close();
    await live.close();
  }
}
