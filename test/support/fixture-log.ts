import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DomainEvent } from '@chat/core';
import { type ExportLine, SqliteEventStore } from '@chat/eventstore';
import { startTestServer, type TestServer } from './test-server.js';

/** A real short history whose UserTopicChanged events are all version 1 (see its write-v1-fixture.ts). */
export const USER_TOPICS_V1 = fileURLToPath(new URL('../fixtures/history/user-topics-v1.ndjson', import.meta.url));

export const readExportLines = (text: string): ExportLine[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ExportLine);

/**
 * Appends the lines of an NDJSON export as written into a fresh SQLite log, past schema validation
 * (as an old log holds them), and answers the data directory holding it.
 */
export async function loadFixtureLog(file: string, dataDir = mkdtempSync(join(tmpdir(), 'chat-fixture-'))): Promise<string> {
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite3'));
  try {
    for (const line of readExportLines(readFileSync(file, 'utf8'))) {
      const event = { type: line.type, data: line.data } as DomainEvent;
      await store.append(line.stream, [{ id: line.id, event, metadata: line.metadata }], line.revision === 0 ? 'no_stream' : line.revision - 1);
    }
  } finally {
    await store.close();
  }
  return dataDir;
}

/** A test server over a fresh copy of a fixture log, for a suite's `before`; `stop` removes the copy. */
export async function startFixtureServer(file: string): Promise<TestServer> {
  return startTestServer({ dataDir: await loadFixtureLog(file) });
}
