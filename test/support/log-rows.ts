import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { TestServer } from './test-server.js';

export interface LogRow {
  position: number;
  stream: string;
  type: string;
  data: string;
  metadata: string;
}

/** Every row of the server's SQLite event log, as an auditor would read it. */
export function readLogRows(server: TestServer): LogRow[] {
  const db = new Database(join(server.dataDir, 'events.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT position, stream, type, data, metadata FROM events ORDER BY position').all() as LogRow[];
  } finally {
    db.close();
  }
}

/** The data of the logged events of one type, oldest first. */
export const loggedData = (server: TestServer, type: string): Record<string, unknown>[] =>
  readLogRows(server)
    .filter((row) => row.type === type)
    .map((row) => JSON.parse(row.data) as Record<string, unknown>);
