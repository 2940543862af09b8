import type { StoredEvent } from '@chat/core';
import type { EventLogReader } from '../reading/event-log-reader.js';
import { type ExportFilter, matchesFilter } from './export-filter.js';

/** Events read from the log at once. */
const EXPORT_PAGE = 256;

/** Told of every event read (kept or not), so a caller can show progress by position. */
export type ScanProgress = (position: number) => void;

export interface ExportScanOptions {
  /** Told of every event read, kept or not. */
  onScanned?: ScanProgress;
  /** The last position an interrupted export had done: the scan starts strictly after that event. */
  resumeAfter?: number;
  /**
   * Awaited after every page read, whether or not the filter kept any of it; resolving true ends the
   * scan there. A command line lets its signals in here: a sparse filter may keep nothing for a long
   * time, and a caller that only looked between kept events would not notice a stop until the end.
   */
  betweenPages?: () => Promise<boolean>;
}

/**
 * The events of the log the filter keeps, in log order, within its from/to position bounds and up to
 * `head` (the log's head when the export started, so appends racing it do not make it endless). The
 * log is read once, page by page; nothing is held beyond the page being read.
 */
export async function* exportEvents(reader: EventLogReader, filter: ExportFilter, head: number, options: ExportScanOptions = {}): AsyncIterable<StoredEvent> {
  const { onScanned, resumeAfter, betweenPages } = options;
  // The first page includes the event at from_position itself; positions are never computed (on
  // EventStoreDB they are byte offsets, and the one before an event's is no place to read from).
  const resumes = resumeAfter !== undefined && (filter.fromPosition === undefined || resumeAfter >= filter.fromPosition);
  let after = resumes ? resumeAfter : (filter.fromPosition ?? 0);
  let inclusive = !resumes && filter.fromPosition !== undefined;
  const last = Math.min(filter.toPosition ?? head, head);
  // Small pages: a reader fetches a page at once (SQLite synchronously), and a server exporting
  // between other requests must never hold its thread for long.
  for (;;) {
    let read = 0;
    const page = reader.readAll({ fromPosition: after, inclusive, maxCount: EXPORT_PAGE });
    inclusive = false;
    for await (const event of page) {
      if (event.position > last) return;
      read++;
      after = event.position;
      onScanned?.(event.position);
      if (matchesFilter(filter, event)) yield event;
    }
    if (read < EXPORT_PAGE) return;
    if (betweenPages && (await betweenPages())) return;
  }
}

/**
 * After the stored events, every event appended later that the filter keeps, until `stop` is
 * called. Uses the reader's subscription: in-process notification for a store the server holds,
 * polling for a SQLite file another process writes (ReadOnlySqliteLog).
 */
export function followEvents(
  reader: EventLogReader,
  afterPosition: number,
  filter: ExportFilter,
  onEvent: (event: StoredEvent) => void,
): () => void {
  return reader.subscribe(afterPosition, (events) => {
    for (const event of events) {
      if (filter.toPosition !== undefined && event.position > filter.toPosition) return;
      if (filter.fromPosition !== undefined && event.position < filter.fromPosition) continue;
      if (matchesFilter(filter, event)) onEvent(event);
    }
  });
}
