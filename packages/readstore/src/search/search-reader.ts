import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { type SearchTerm, stemsMatch, stemsOf } from './search-text.js';
import type { ReaderAnswer, ReaderRequest } from './search-reader-protocol.js';

/**
 * The search index's reader, in a worker thread: a read-only connection to the index file (WAL lets
 * it read while the main thread writes), so a costly query (a phrase of two words every message
 * holds) never holds the server's event loop. Started by SearchReader.
 */
const db = new Database(String(workerData), { readonly: true });
const below = db.prepare<[string, number, number], { id: number }>('SELECT rowid AS id FROM message_text WHERE message_text MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?');
const above = db.prepare<[string, number, number], { id: number }>('SELECT rowid AS id FROM message_text WHERE message_text MATCH ? AND rowid > ? ORDER BY rowid ASC LIMIT ?');
const text = db.prepare<[number], { topic: string; content: string }>('SELECT topic, content FROM message_text WHERE rowid = CAST(? AS INTEGER)');

/** Those of `ids` whose stored text meets the terms, checked here (a MATCH per id costs a doclist seek per term). */
function among(terms: readonly SearchTerm[], ids: readonly number[]): number[] {
  const found: number[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = text.get(id);
    if (row && stemsMatch(terms, [stemsOf(row.topic), stemsOf(row.content)])) found.push(id);
  }
  return found;
}

function answer(request: ReaderRequest): number[] {
  switch (request.kind) {
    case 'below':
      return below.all(request.query, request.bound, request.limit).map((row) => row.id);
    case 'above':
      return above.all(request.query, request.bound, request.limit).map((row) => row.id);
    case 'among':
      return among(request.terms, request.ids);
  }
}

parentPort?.on('message', (request: ReaderRequest) => {
  let reply: ReaderAnswer;
  try {
    reply = { id: request.id, ids: answer(request) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
