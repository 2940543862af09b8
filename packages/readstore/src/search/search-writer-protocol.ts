import type { SearchDocument } from './search-index.js';

/** What the writer thread is given: the index file, and its WAL's checkpoint threshold. */
export interface SearchWriterOptions {
  file: string;
  checkpointPages?: number;
}

/** A write, posted without an answer (the writer reports a failure once, as `WriterFailed`). */
export type WriterWrite =
  | { kind: 'put'; doc: SearchDocument; position: number }
  | { kind: 'setText'; messageId: number; text: string; position: number }
  | { kind: 'setTopic'; ids: readonly number[]; topic: string; position: number }
  | { kind: 'remove'; ids: readonly number[]; position: number }
  /** Writes are taken again after a failure (the keeper replays what was lost). */
  | { kind: 'resume' };

/**
 * A question, answered in order after every write posted before it: `sync` once they are applied,
 * `commit` once they are committed (failures kept for the writer), `flush` the same but failing as
 * the writes did, `position` with the position the index holds, `clear` and `close` when done.
 */
export interface WriterRequest {
  id: number;
  kind: 'sync' | 'commit' | 'flush' | 'position' | 'clear' | 'close';
}

export type WriterMessage = WriterWrite | WriterRequest;

/** A write failed (a full disk): the index rolled back to what it holds durably and drops writes until resumed. */
export interface WriterFailed {
  failed: string;
  code?: string;
}

export type WriterAnswer = { id: number; position: number } | { id: number; error: string; code?: string } | WriterFailed;
