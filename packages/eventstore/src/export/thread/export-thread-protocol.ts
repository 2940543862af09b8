import type { ExportFilter } from '../export-filter.js';
import type { ExportLineOptions } from '../export-line.js';

/** One export the thread runs: which events, which lines (the log is the thread's, given when it starts). */
export interface ExportRequest {
  filter: ExportFilter;
  lines: ExportLineOptions;
  /** The events as written (no upcasting), as `original=true` asks. */
  original: boolean;
}

/** What the server's thread tells the export thread. */
export type ToExportThread =
  | { type: 'start'; job: number; request: ExportRequest; credit: number }
  /** The server wrote one chunk out: the thread may send one more. */
  | { type: 'credit'; job: number }
  /** The client went away: stop reading. */
  | { type: 'cancel'; job: number };

/** What the export thread tells the server's thread. */
export type FromExportThread =
  /** NDJSON lines, whole (a chunk never ends inside a line), as UTF-8 bytes handed over without a copy. */
  | { type: 'chunk'; job: number; bytes: ArrayBuffer }
  | { type: 'end'; job: number }
  | { type: 'failed'; job: number; message: string };
