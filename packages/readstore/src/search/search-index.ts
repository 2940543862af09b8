import type { SearchTerm } from './search-text.js';

/** A message as the index holds it: its topic (empty for a direct message) and the plain text of its content. */
export interface SearchDocument {
  id: number;
  topic: string;
  text: string;
}

/** Where to look from: ids below `below`, newest first, or above `above`, oldest first (the bound itself excluded). */
export type SearchRange = { below: number } | { above: number };

/** A write: nothing to wait for (SQLite applies it at once), or a promise (MongoDB). */
export type SearchWrite = Promise<void> | undefined;

/**
 * The full-text index of message content and topics. It keeps its own text (it never reads the
 * message store) and knows nothing of permissions: callers filter what it finds through the message
 * store's access rules. Writes carry the log position of their event; the index persists the newest
 * one it holds (`position`), so a restart resumes after it instead of rebuilding.
 */
export interface SearchIndex {
  /** Adds a message, or replaces what is held for its id. */
  put(doc: SearchDocument, position: number): SearchWrite;
  /** New text of one message's content (an edit). */
  setText(id: number, text: string, position: number): SearchWrite;
  /** A new topic for messages (a move). */
  setTopic(ids: readonly number[], topic: string, position: number): SearchWrite;
  remove(ids: readonly number[], position: number): SearchWrite;
  /** The log position of the newest write the index holds; 0 when it holds none. */
  position(): Promise<number>;
  /** Ids of messages meeting every term (see stemsMatch) in the range's direction, at most `limit`. */
  search(terms: readonly SearchTerm[], range: SearchRange, limit: number): Promise<number[]>;
  /** Those of `ids` whose messages meet every term, ascending. */
  matchingAmong(terms: readonly SearchTerm[], ids: readonly number[]): Promise<number[]>;
  /** Commits what is pending (adapters that group writes). */
  flush(): Promise<void>;
  /**
   * After a write that failed (a full disk), the index stands at `position()`, what it holds
   * durably, and refuses every write until resumed: a writer cannot go on past the events whose
   * writes were lost without noticing. The writer resumes it to replay the log from `position()`.
   */
  resume(): void;
  /**
   * For adapters whose writes fail after the call that made them (a writer thread): `listener` is
   * told of each such failure when it is known, so the writer need not wait for its next write to learn it.
   */
  watchFailures?(listener: (error: Error) => void): void;
  clear(): Promise<void>;
  close(): Promise<void>;
}
