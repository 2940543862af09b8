import type { StoredEvent } from '@chat/core';
import type { HistoryIndexEntry } from './history-index.js';

/**
 * Where the past is read from: the index of the organization's events, in position order, and the
 * events themselves by position, read through the log's unsealing reader (what was forgotten reads
 * as forgotten). The server's is its read model and its log; the CLI's a scan of the log.
 */
export interface HistorySource {
  entries(): Promise<readonly HistoryIndexEntry[]>;
  read(positions: readonly number[]): Promise<StoredEvent[]>;
}

/** Index of the first entry whose position is above `position` (entries ascending). */
export function entriesUpTo(entries: readonly HistoryIndexEntry[], position: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle].position <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The position of the last entry at or before a time (milliseconds), 0 when none is. */
export function positionAtTime(entries: readonly HistoryIndexEntry[], time: number): number {
  let found = 0;
  for (const entry of entries) {
    if (entry.occurred_at <= time) found = Math.max(found, entry.position);
  }
  return found;
}
