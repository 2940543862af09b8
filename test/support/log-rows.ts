import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { unsealData } from '@chat/eventstore';
import { joinChunks, type KeyChunk, KeyRing } from '@chat/keystore';
import type { TestServer } from './test-server.js';

export interface LogRow {
  position: number;
  stream: string;
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** Every row of the server's SQLite event log, as stored (sealed values encrypted). */
export function readLogRows(server: TestServer): LogRow[] {
  const db = new Database(join(server.dataDir, 'events.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT position, stream, id, type, data, metadata FROM events ORDER BY position').all() as LogRow[];
  } finally {
    db.close();
  }
}

/** The keys of the server's data directory as its key store holds them now (read-only, at once). */
export function logKeyRing(dataDir: string): KeyRing {
  const file = join(dataDir, 'keys.sqlite3');
  if (!existsSync(file)) return new KeyRing();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const masters = db.prepare('SELECT epoch, master FROM masters').all() as { epoch: string; master: Buffer }[];
    const chunks = db.prepare('SELECT epoch, chunk, keys FROM epoch_key_chunks').all() as KeyChunk[];
    return new KeyRing({ masters: masters.map((row) => [row.epoch, row.master]), materialized: joinChunks(chunks) });
  } finally {
    db.close();
  }
}

/** A row's data as an auditor reads it through the history tools: sealed values opened with the store's keys. */
export const rowData = (row: LogRow, ring: KeyRing): Record<string, unknown> => unsealData(JSON.parse(row.data) as Record<string, unknown>, row.id, ring);

/** The data of the logged events of one type, oldest first, as an auditor reads it. */
export function loggedData(server: TestServer, type: string): Record<string, unknown>[] {
  const ring = logKeyRing(server.dataDir);
  return readLogRows(server)
    .filter((row) => row.type === type)
    .map((row) => rowData(row, ring));
}
