import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { StoredEvent } from '@chat/core';
import type { EventListener, ReadAllOptions } from '../event-store.js';
import type { ChainedRow } from '../sqlite/chain-hash.js';
import { toStoredEvent } from '../sqlite/sqlite-event-store.js';
import type { EventLogReader } from './event-log-reader.js';

/**
 * Rows read at once. A page's rows (about 850 characters of JSON each in a sealed log) live until its
 * last event is applied: with 2,000 a replay, which allocates several times what the raw read does per
 * event, ran young collections inside every page and promoted its rows to the old generation
 * (docs/topics/benchmark.md, "Replay after forgetting").
 */
const PAGE = 256;
const DEFAULT_POLL_MS = 250;

export interface ReadOnlySqliteLogOptions {
  /** How often `subscribe` looks for rows another process appended (250 ms). */
  pollMs?: number;
}

/**
 * Reads a SQLite log that a running server may hold open: a read-only connection (WAL lets readers
 * run beside the writer) that creates no table, sets no pragma that writes, and migrates nothing.
 * `subscribe` polls, since appends made by another process raise no in-process notification; it
 * asks `PRAGMA data_version` first, which changes only when another connection committed.
 */
export class ReadOnlySqliteLog implements EventLogReader {
  private readonly db: Database.Database;
  private page: Database.Statement<[number, number], ChainedRow> | null = null;
  private at: Database.Statement<[number], ChainedRow> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pollMs: number;

  constructor(file: string, options: ReadOnlySqliteLogOptions = {}) {
    if (!existsSync(file)) throw new Error(`No event log at ${file}`);
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.db = new Database(file, { readonly: true, fileMustExist: true });
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    // SQLite positions are 1, 2, 3…: the one before an inclusive start is a position too.
    let after = (options.fromPosition ?? 0) - (options.inclusive ? 1 : 0);
    let left = options.maxCount ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const rows = this.rowsAfter(after, Math.min(PAGE, left));
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length === 0) return;
      left -= rows.length;
      after = rows[rows.length - 1].position;
    }
  }

  /** Up to `limit` stored rows after `position`, as written (data and metadata still JSON text). */
  rowsAfter(position: number, limit: number): ChainedRow[] {
    return this.hasTable() && this.page ? this.page.all(position, limit) : [];
  }

  /** The events at these positions, in the order asked (as EventStore.readAt). */
  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    if (!this.hasTable() || !this.at) return [];
    const events: StoredEvent[] = [];
    for (const position of positions) {
      const row = this.at.get(position);
      if (row) events.push(toStoredEvent(row));
    }
    return events;
  }

  async headPosition(): Promise<number> {
    if (!this.hasTable()) return 0;
    const row = this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events').get();
    return row?.position ?? 0;
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    let after = fromPosition;
    let seenVersion = -1;
    const drain = (): void => {
      const version = this.dataVersion();
      if (version === seenVersion) return;
      seenVersion = version;
      for (;;) {
        const rows = this.rowsAfter(after, PAGE);
        if (rows.length === 0) return;
        after = rows[rows.length - 1].position;
        listener(rows.map(toStoredEvent));
      }
    };
    drain();
    const timer = setInterval(drain, this.pollMs);
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    if (this.db.open) this.db.close();
  }

  /** A file the server created but never wrote to has no table yet: an empty log, not an error. */
  private hasTable(): boolean {
    if (this.page) return true;
    const table = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'events'").get();
    if (!table) return false;
    this.page = this.db.prepare<[number, number], ChainedRow>(
      'SELECT position, stream, revision, id, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
    );
    this.at = this.db.prepare<[number], ChainedRow>('SELECT position, stream, revision, id, type, data, metadata FROM events WHERE position = ?');
    return true;
  }

  private dataVersion(): number {
    return Number(this.db.pragma('data_version', { simple: true }));
  }
}
