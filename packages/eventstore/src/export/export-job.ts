import type { ExportFilter } from './export-filter.js';

/** What an export thread is asked for: which SQLite log, which events, in which version. */
export interface ExportJob {
  /** The SQLite log file (opened read-only by the thread). */
  file: string;
  /** Events as written (no upcasting). */
  original: boolean;
  filter: ExportFilter;
  /** The log's head when the export started. */
  head: number;
  includeSecrets: boolean;
}

/** Messages from the thread: NDJSON bytes (transferred), the end, or why it failed. */
export type ExportThreadMessage = { chunk: Uint8Array } | { done: true } | { error: string };
