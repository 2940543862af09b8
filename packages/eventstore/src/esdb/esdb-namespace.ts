import { type AllStreamResolvedEvent, excludeSystemEvents, type ResolvedEvent, streamNameFilter } from '@eventstore/db-client';
import type { StoredEvent } from '@chat/core';
import { toStoredEvent } from './esdb-mapping.js';

/** What a prefix may hold: no `$` (system streams), nothing a stream category would split on oddly. */
const PREFIX = /^[A-Za-z0-9_.-]*$/;

/**
 * The streams of one log on a server. Unprefixed (production), every non-system stream is ours. With
 * a prefix (ESDB_STREAM_PREFIX: a test run, or a second deployment on a shared server), the log is the
 * streams named `<prefix><stream>`: appends add the prefix, reads drop it, and events of other
 * prefixes are not part of the log. Positions stay the server's own `$all` positions.
 */
export class StreamNamespace {
  constructor(readonly prefix = '') {
    if (!PREFIX.test(prefix)) throw new Error(`ESDB stream prefix "${prefix}": only letters, digits, '_', '.' and '-'`);
  }

  /** The server's name for one of our streams. */
  outer(stream: string): string {
    return this.prefix + stream;
  }

  /** Our event as the app knows it (stream name without the prefix); null for anything not of this log. */
  event(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
    const streamId = resolved.event?.streamId;
    if (streamId === undefined || !streamId.startsWith(this.prefix)) return null;
    return toStoredEvent(resolved, streamId.slice(this.prefix.length));
  }

  /** The server-side filter of a subscription to `$all` that delivers only this log's events. */
  filter() {
    return this.prefix ? streamNameFilter({ prefixes: [this.prefix] }) : excludeSystemEvents();
  }
}
