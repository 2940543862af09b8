import type { SearchTerm } from './search-text.js';

/** What the main thread asks the search reader: an FTS5 query in one direction, or which ids meet terms. */
export type ReaderRequest =
  | { id: number; kind: 'below' | 'above'; query: string; bound: number; limit: number }
  | { id: number; kind: 'among'; terms: readonly SearchTerm[]; ids: readonly number[] };

export type ReaderAnswer = { id: number; ids: number[] } | { id: number; error: string };
