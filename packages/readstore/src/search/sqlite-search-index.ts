import Database from 'better-sqlite3';
import type { SearchDocument, SearchIndex, SearchRange, SearchWrite } from './search-index.js';
import type { SearchTerm } from './search-text.js';

/** Writes grouped into one transaction at most. */
const WRITES_PER_COMMIT = 50_000;
/**
 * How long a transaction of live writes stays open (milliseconds). A commit costs far more than an
 * insert, and nothing waits for one: a search commits first, and a crash loses only what the log
 * replays (the committed position says where the index stands).
 */
const COMMIT_AFTER_MS = 250;

const SCHEMA = `
  CREATE VIRTUAL TABLE IF NOT EXISTS message_text USING fts5(topic, content, tokenize = 'porter unicode61 remove_diacritics 2');
  CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

/** The FTS5 query of the terms: each a quoted phrase (its tokens hold only letters and digits), all required. */
export const ftsQuery = (terms: readonly SearchTerm[]): string => terms.map((term) => `"${term.tokens.join(' ')}"`).join(' AND ');

/**
 * The embedded index: an FTS5 table keyed by message id (its rowid) in its own SQLite file. Writes
 * go into a transaction that stays open for a quarter of a second (or 50,000 writes), so live sends
 * share commits and a catch-up of a million messages commits in large groups; the log position is
 * written in the same transaction, so after a crash the file's position is exactly what it holds.
 * Everything runs on the calling thread: the server keeps it in a thread of its own
 * (ThreadedSearchIndex, which reads through another); replays and tests use it as it is.
 */
export class SqliteSearchIndex implements SearchIndex {
  private readonly db: Database.Database;
  private readonly statements;
  private pending = 0;
  private lastPosition = 0;
  private commitTimer: NodeJS.Timeout | null = null;
  /** Set by a failed write or commit: writes are refused until `resume`. */
  private failure: Error | null = null;

  /**
   * `checkpointPages`: as SqliteEventStore's, raised when another thread checkpoints the file.
   * `onFailure`: told of every failed write or commit, the timer's too (the writer thread reports them).
   */
  constructor(
    file: string,
    private readonly options: { checkpointPages?: number; onFailure?: (error: Error) => void } = {},
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // What a deletion or an edit removes is overwritten in the file, not left in freed space
    // (docs/topics/forgetting.md); FTS5's own secure-delete takes the words out of the index at once.
    this.db.pragma('secure_delete = ON');
    if (options.checkpointPages !== undefined) this.db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.floor(options.checkpointPages))}`);
    this.db.exec(SCHEMA);
    this.db.exec("INSERT INTO message_text (message_text, rank) VALUES ('secure-delete', 1)");
    // A WAL left by a crash may hold pages written before a deletion: copied in and emptied at once.
    if (file !== ':memory:') this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.statements = {
      insert: this.db.prepare<[number, string, string]>('INSERT INTO message_text (rowid, topic, content) VALUES (?, ?, ?)'),
      remove: this.db.prepare<[number]>('DELETE FROM message_text WHERE rowid = CAST(? AS INTEGER)'),
      setText: this.db.prepare<[string, number]>('UPDATE message_text SET content = ? WHERE rowid = CAST(? AS INTEGER)'),
      setTopic: this.db.prepare<[string, number]>('UPDATE message_text SET topic = ? WHERE rowid = CAST(? AS INTEGER)'),
      below: this.db.prepare<[string, number, number], { id: number }>(
        'SELECT rowid AS id FROM message_text WHERE message_text MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?',
      ),
      above: this.db.prepare<[string, number, number], { id: number }>(
        'SELECT rowid AS id FROM message_text WHERE message_text MATCH ? AND rowid > ? ORDER BY rowid ASC LIMIT ?',
      ),
      among: this.db.prepare<[string, number], { id: number }>('SELECT rowid AS id FROM message_text WHERE message_text MATCH ? AND rowid = CAST(? AS INTEGER)'),
      position: this.db.prepare<[], { value: number }>("SELECT value FROM search_meta WHERE key = 'position'"),
      setPosition: this.db.prepare<[number]>("INSERT INTO search_meta (key, value) VALUES ('position', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
    };
    this.lastPosition = this.statements.position.get()?.value ?? 0;
  }

  put(doc: SearchDocument, position: number): SearchWrite {
    this.write(position, () => {
      this.statements.remove.run(doc.id);
      this.statements.insert.run(doc.id, doc.topic, doc.text);
    });
    return undefined;
  }

  setText(id: number, text: string, position: number): SearchWrite {
    this.write(position, () => this.statements.setText.run(text, id));
    return undefined;
  }

  setTopic(ids: readonly number[], topic: string, position: number): SearchWrite {
    this.write(position, () => {
      for (const id of ids) this.statements.setTopic.run(topic, id);
    });
    return undefined;
  }

  remove(ids: readonly number[], position: number): SearchWrite {
    this.write(position, () => {
      for (const id of ids) this.statements.remove.run(id);
    });
    return undefined;
  }

  async position(): Promise<number> {
    return this.lastPosition;
  }

  async search(terms: readonly SearchTerm[], range: SearchRange, limit: number): Promise<number[]> {
    if (terms.length === 0 || limit <= 0) return [];
    const query = ftsQuery(terms);
    const rows = 'below' in range ? this.statements.below.all(query, range.below, limit) : this.statements.above.all(query, range.above, limit);
    return rows.map((row) => row.id);
  }

  async matchingAmong(terms: readonly SearchTerm[], ids: readonly number[]): Promise<number[]> {
    if (terms.length === 0 || ids.length === 0) return [];
    const query = ftsQuery(terms);
    const found: number[] = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) if (this.statements.among.get(query, id)) found.push(id);
    return found;
  }

  async flush(): Promise<void> {
    this.commit();
  }

  resume(): void {
    this.failure = null;
  }

  async clear(): Promise<void> {
    this.commit();
    this.db.exec('DELETE FROM message_text; DELETE FROM search_meta;');
    this.lastPosition = 0;
  }

  async close(): Promise<void> {
    this.commitQuietly();
    this.db.close();
  }

  /** Runs a write inside the open transaction (opening one if needed) and records its position there. */
  private write(position: number, change: () => void): void {
    if (this.failure) throw this.failure;
    if (position < this.lastPosition) return;
    try {
      if (!this.db.inTransaction) this.db.exec('BEGIN');
      change();
      this.statements.setPosition.run(position);
    } catch (error) {
      throw this.abandon(error);
    }
    this.lastPosition = position;
    if (++this.pending >= WRITES_PER_COMMIT) this.commit();
    else if (this.commitTimer === null) {
      this.commitTimer = setTimeout(() => this.commitQuietly(), COMMIT_AFTER_MS);
      this.commitTimer.unref();
    }
  }

  /** Commits the open transaction; a failed commit abandons it (and is thrown). */
  private commit(): void {
    if (this.commitTimer !== null) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    this.pending = 0;
    if (!this.db.open || !this.db.inTransaction) return;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      throw this.abandon(error);
    }
  }

  /** For the timer and readers: a failed commit is kept for the next write to report, never thrown here. */
  private commitQuietly(): void {
    try {
      this.commit();
    } catch {
      // Recorded by abandon: the writer learns of it at its next write.
    }
  }

  /**
   * Drops what the open transaction held (SQLite may have rolled it back already), goes back to the
   * position the file holds, and refuses writes until resumed. Answers the failure, to be thrown.
   */
  private abandon(error: unknown): Error {
    if (this.commitTimer !== null) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    this.pending = 0;
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch {
      // Nothing more to undo.
    }
    this.lastPosition = this.statements.position.get()?.value ?? 0;
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.options.onFailure?.(this.failure);
    return this.failure;
  }
}
