import Database from 'better-sqlite3';
import type { StoredEvent } from '@chat/core';
import {
  type AppendResult,
  type EventListener,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  revisionMatches,
  WrongExpectedRevision,
} from '../event-store.js';
import { type ChainedRow, chainHash, GENESIS_HASH } from './chain-hash.js';
import { SQLITE_SCHEMA } from './sqlite-schema.js';

/** A row as stored: the hash chain covers exactly these columns. */
type EventRow = ChainedRow;

const PAGE = 2000;

export const toStoredEvent = (row: EventRow): StoredEvent =>
  ({
    position: row.position,
    stream: row.stream,
    revision: row.revision,
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
  }) as StoredEvent;

/** The embedded default: the whole durable state of an install in one SQLite file (WAL). */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<EventListener>();
  private readonly statements;
  private lastHash: string;
  private lastPosition: number;

  constructor(file: string, options: { synchronous?: 'FULL' | 'NORMAL' } = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.exec(SQLITE_SCHEMA);
    this.statements = {
      revision: this.db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream = ?'),
      byId: this.db.prepare<[string], { position: number; revision: number }>('SELECT position, revision FROM events WHERE id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (position, stream, revision, id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      page: this.db.prepare<[number, number], EventRow>(
        'SELECT position, stream, revision, id, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      streamPage: this.db.prepare<[string, number, number], EventRow>(
        'SELECT position, stream, revision, id, type, data, metadata FROM events WHERE stream = ? AND revision > ? ORDER BY revision LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number; hash: string }>('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1'),
    };
    const head = this.statements.head.get();
    this.lastPosition = head?.position ?? 0;
    this.lastHash = head?.hash ?? GENESIS_HASH;
  }

  async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.appendSync(stream, events, expected);
  }

  /** Synchronous core of append: one transaction, revision check, hash chain, then listeners. */
  appendSync(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): AppendResult {
    if (events.length === 0) throw new Error('append needs at least one event');
    const previous = this.statements.byId.get(events[0].id);
    if (previous) {
      // The same request appended these already: answer as the first time did.
      return { position: previous.position + events.length - 1, revision: previous.revision + events.length - 1 };
    }
    const stored: StoredEvent[] = [];
    const rollbackHash = this.lastHash;
    const rollbackPosition = this.lastPosition;
    try {
      this.db.transaction(() => {
        const actual = this.statements.revision.get(stream)?.revision ?? null;
        if (!revisionMatches(expected, actual)) throw new WrongExpectedRevision(stream, expected, actual);
        let revision = actual ?? -1;
        for (const item of events) {
          revision += 1;
          const row: EventRow = {
            position: this.lastPosition + 1,
            stream,
            revision,
            id: item.id,
            type: item.event.type,
            data: JSON.stringify(item.event.data),
            metadata: JSON.stringify(item.metadata),
          };
          const hash = chainHash(this.lastHash, row);
          this.statements.insert.run(row.position, row.stream, row.revision, row.id, row.type, row.data, row.metadata, hash);
          this.lastHash = hash;
          this.lastPosition = row.position;
          stored.push({ ...row, data: item.event.data, metadata: item.metadata } as StoredEvent);
        }
      })();
    } catch (error) {
      this.lastHash = rollbackHash;
      this.lastPosition = rollbackPosition;
      throw error;
    }
    for (const listener of this.listeners) listener(stored);
    const last = stored[stored.length - 1];
    return { position: last.position, revision: last.revision };
  }

  async *readStream(stream: string): AsyncIterable<StoredEvent> {
    let after = -1;
    for (;;) {
      const rows = this.statements.streamPage.all(stream, after, PAGE);
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1].revision;
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    let after = options.fromPosition ?? 0;
    let left = options.maxCount ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const rows = this.statements.page.all(after, Math.min(PAGE, left));
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length === 0) return;
      left -= rows.length;
      after = rows[rows.length - 1].position;
    }
  }

  async streamRevision(stream: string): Promise<number | null> {
    return this.statements.revision.get(stream)?.revision ?? null;
  }

  async headPosition(): Promise<number> {
    return this.lastPosition;
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    let after = fromPosition;
    for (;;) {
      const rows = this.statements.page.all(after, PAGE);
      if (rows.length === 0) break;
      listener(rows.map(toStoredEvent));
      after = rows[rows.length - 1].position;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
}
