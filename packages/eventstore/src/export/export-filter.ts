import type { StoredEvent } from '@chat/core';

/**
 * Which events an export keeps. Bounds are inclusive except `until`; lists keep an event matching any
 * of their entries, and every given criterion must hold.
 */
export interface ExportFilter {
  fromPosition?: number;
  toPosition?: number;
  /** metadata.occurred_at ≥ since (ms since the epoch). */
  since?: number;
  /** metadata.occurred_at < until (ms since the epoch). */
  until?: number;
  streams?: readonly string[];
  /** Stream categories: the part of a stream name before its first '-' (`user` of `user-7`). */
  categories?: readonly string[];
  types?: readonly string[];
  /** metadata.actor_id; `null` in the list keeps what the server did by itself. */
  actorIds?: readonly (number | null)[];
}

/** The category of a stream `<category>-<id>`; a stream without '-' (`realm`) is its own category. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
}

const keeps = <T>(list: readonly T[] | undefined, value: T): boolean => list === undefined || list.length === 0 || list.includes(value);

/** What a filter looks at: everything of an event but its data. */
export interface FilteredEvent {
  stream: string;
  type: string;
  metadata: Pick<StoredEvent['metadata'], 'occurred_at' | 'actor_id'>;
}

/** Whether an event passes every criterion of the filter except the position bounds (the reader applies those). */
export function matchesFilter(filter: ExportFilter, event: FilteredEvent): boolean {
  const at = event.metadata.occurred_at;
  if (filter.since !== undefined && at < filter.since) return false;
  if (filter.until !== undefined && at >= filter.until) return false;
  return (
    keeps(filter.streams, event.stream) &&
    keeps(filter.categories, streamCategory(event.stream)) &&
    keeps(filter.types, event.type) &&
    keeps(filter.actorIds, event.metadata.actor_id)
  );
}
