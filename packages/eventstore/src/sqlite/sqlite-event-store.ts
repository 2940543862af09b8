import Database from 'better-sqlite3';
import type { StoredEvent } from '@chat/core';
import {
  type AppendResult,
  type EventListener,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  expectationMet,
  type ReadAllOptions,
  type StreamAppendRequest,
  WrongExpectedRevision,
} from '../event-store.js';
import type { AppendPreparer, GroupCommittingStore } from '../group-commit.js';
import { type ChainedRow, chainHash, GENESIS_HASH } from './chain-hash.js';
import { SQLITE_SCHEMA } from './sqlite-schema.js';

/** A row as stored: the hash chain covers exactly these columns. */
type EventRow = ChainedRow;

/** One command's appends, to one stream or several: stored together or not at all. */
interface PendingAppend {
  appends: readonly StreamAppendRequest[];
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

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

/** An event id already stored for a different event: a retried append must repeat its events exactly. */
export class DuplicateEventId extends Error {
  constructor(
    readonly id: string,
    readonly stream: string,
  ) {
    super(`Event id ${id} (stream ${stream}) is already stored for a different event`);
    this.name = 'DuplicateEventId';
  }
}

/** The embedded default: the whole durable state of an install in one SQLite file (WAL). */
export class SqliteEventStore implements EventStore, GroupCommittingStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<EventListener>();
  private pending: PendingAppend[] = [];
  private preparer: AppendPreparer | null = null;
  private readonly statements;
  private lastHash: string;
  private lastPosition: number;

  /**
   * `checkpointPages`: WAL pages after which a commit checkpoints (SQLite's 1,000 by default); raised
   * when BackgroundCheckpoints does that work in a thread of its own.
   */
  constructor(file: string, options: { synchronous?: 'FULL' | 'NORMAL'; checkpointPages?: number } = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    if (options.checkpointPages !== undefined) this.db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.floor(options.checkpointPages))}`);
    this.db.exec(SQLITE_SCHEMA);
    this.statements = {
      last: this.db.prepare<[string], { revision: number; position: number }>(
        'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      byId: this.db.prepare<[string], { position: number; revision: number; stream: string; type: string; data: string }>(
        'SELECT position, revision, stream, type, data FROM events WHERE id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (position, stream, revision, id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      page: this.db.prepare<[number, number], EventRow>(
        'SELECT position, stream, revision, id, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      at: this.db.prepare<[number], EventRow>('SELECT position, stream, revision, id, type, data, metadata FROM events WHERE position = ?'),
      streamPage: this.db.prepare<[string, number, number], EventRow>(
        'SELECT position, stream, revision, id, type, data, metadata FROM events WHERE stream = ? AND revision > ? ORDER BY revision LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number; hash: string }>('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1'),
    };
    const head = this.statements.head.get();
    this.lastPosition = head?.position ?? 0;
    this.lastHash = head?.hash ?? GENESIS_HASH;
  }

  /**
   * Appends wait for the end of the current turn of the event loop and are committed together (group
   * commit): one transaction and one fsync for every request that appended in that turn. Each append
   * still checks its own expected revisions in its own savepoint, so one failing changes nothing else.
   */
  async append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const [result] = await this.enqueue([{ stream, events, expected }]);
    return result;
  }

  /** Each command's appends go through `preparer` as its group is written, inside its savepoint. */
  prepareAppends(preparer: AppendPreparer): void {
    this.preparer = preparer;
  }

  /** Every stream of the command in one savepoint: one failed expectation undoes the others. */
  async appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    const results = await this.enqueue(appends);
    return { position: results.length === 0 ? this.lastPosition : Math.max(...results.map((result) => result.position)) };
  }

  private enqueue(appends: readonly StreamAppendRequest[]): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ appends, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const rollbackHash = this.lastHash;
    const rollbackPosition = this.lastPosition;
    const outcomes: ({ results: AppendResult[]; stored: StoredEvent[] } | { error: unknown })[] = [];
    try {
      this.db.transaction(() => {
        for (const item of batch) {
          const chain = { hash: this.lastHash, position: this.lastPosition };
          try {
            outcomes.push(this.db.transaction(() => this.insertAll(this.preparer ? this.preparer(item.appends) : item.appends))());
          } catch (error) {
            // The savepoint is rolled back: so is the chain.
            this.lastHash = chain.hash;
            this.lastPosition = chain.position;
            // SQLite may roll the whole transaction back on some errors (a full disk, an I/O error):
            // then nothing of the batch is stored, and the next command must not start a new one.
            if (!this.db.inTransaction) throw error;
            outcomes.push({ error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed: nothing of the batch is stored.
      this.lastHash = rollbackHash;
      this.lastPosition = rollbackPosition;
      for (const item of batch) item.reject(error);
      return;
    }
    const stored = outcomes.flatMap((outcome) => ('stored' in outcome ? outcome.stored : []));
    if (stored.length > 0) for (const listener of this.listeners) listener(stored);
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if ('results' in outcome) item.resolve(outcome.results);
      else item.reject(outcome.error);
    });
  }

  /** One command inside the batch's transaction, stream by stream. Undone as a whole if any part throws. */
  private insertAll(appends: readonly StreamAppendRequest[]): { results: AppendResult[]; stored: StoredEvent[] } {
    const results: AppendResult[] = [];
    const stored: StoredEvent[] = [];
    for (const append of appends) {
      const last = this.statements.last.get(append.stream);
      if (append.events.length === 0) {
        if (!expectationMet(append.expected, last)) throw new WrongExpectedRevision(append.stream, append.expected, last?.revision ?? null);
        continue;
      }
      results.push(this.insert(append, last, stored));
    }
    return { results, stored };
  }

  /** One stream's events: revision check, hash chain. */
  private insert(append: StreamAppendRequest, last: { revision: number; position: number } | undefined, stored: StoredEvent[]): AppendResult {
    const { stream, events, expected } = append;
    const previous = this.statements.byId.get(events[0].id);
    if (previous) {
      // The same user's same request appended these already: answer as the first time did. The same
      // id on anything else would lose a write in silence: refuse it instead.
      const first = events[0];
      if (previous.stream !== stream || previous.type !== first.event.type || previous.data !== JSON.stringify(first.event.data)) {
        throw new DuplicateEventId(first.id, stream);
      }
      return { position: previous.position + events.length - 1, revision: previous.revision + events.length - 1 };
    }
    if (!expectationMet(expected, last)) throw new WrongExpectedRevision(stream, expected, last?.revision ?? null);
    let revision = last?.revision ?? -1;
    let position = this.lastPosition;
    let hash = this.lastHash;
    for (const entry of events) {
      revision += 1;
      position += 1;
      const row: EventRow = {
        position,
        stream,
        revision,
        id: entry.id,
        type: entry.event.type,
        data: JSON.stringify(entry.event.data),
        metadata: JSON.stringify(entry.metadata),
      };
      hash = chainHash(hash, row);
      this.statements.insert.run(row.position, row.stream, row.revision, row.id, row.type, row.data, row.metadata, hash);
      stored.push({ ...row, data: entry.event.data, metadata: entry.metadata } as StoredEvent);
    }
    // Only inserts that succeeded move the chain on; a failed savepoint puts it back (see flush).
    this.lastHash = hash;
    this.lastPosition = position;
    return { position, revision };
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
    // SQLite positions are 1, 2, 3…: the one before an inclusive start is a position too.
    let after = (options.fromPosition ?? 0) - (options.inclusive ? 1 : 0);
    let left = options.maxCount ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const rows = this.statements.page.all(after, Math.min(PAGE, left));
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length === 0) return;
      left -= rows.length;
      after = rows[rows.length - 1].position;
    }
  }

  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (const position of positions) {
      const row = this.statements.at.get(position);
      if (row) events.push(toStoredEvent(row));
    }
    return events;
  }

  async streamRevision(stream: string): Promise<number | null> {
    return this.statements.last.get(stream)?.revision ?? null;
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
    if (this.db.open) this.flush();
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
}
