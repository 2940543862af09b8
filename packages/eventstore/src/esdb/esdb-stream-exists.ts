import type { StoredEvent } from '@chat/core';
import { type AppendResult, type EventToAppend, type ExpectedRevision, WrongExpectedRevision } from '../event-store.js';

/** How many of the stream's last events a 'stream_exists' append looks through for its own. */
export const LOOK_BACK = 64;
const ATTEMPTS = 10;

/** What appendOnce needs of the store. */
export interface TailedStore {
  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  lastEvents(stream: string, count: number): Promise<StoredEvent[]>;
  eventAt(stream: string, revision: bigint): Promise<StoredEvent | null>;
}

/**
 * A 'stream_exists' append that a retry with the same event ids does not write twice. EventStoreDB
 * recognises a retried append by its ids for certain only against an exact revision or 'no_stream';
 * against 'stream_exists' (or 'any') it only consults the ids it committed recently (an 8 MiB cache,
 * KurrentDB IndexWriter.CheckCommit), so after a restart of the server, or enough other writes, the
 * retry would land again. Here: the first id is looked for among the stream's last LOOK_BACK events
 * (found: the append happened, and its result is answered); otherwise the events are appended at the
 * exact revision just read, and a writer that slipped in between sends us back to look again.
 */
export async function appendOnce(store: TailedStore, stream: string, events: readonly EventToAppend[]): Promise<AppendResult> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const recent = await store.lastEvents(stream, LOOK_BACK);
    if (recent.length === 0) throw new WrongExpectedRevision(stream, 'stream_exists', null);
    const first = recent.find((event) => event.id === events[0].id);
    if (first) return appendedBefore(store, stream, first, events.length);
    try {
      return await store.append(stream, events, recent[0].revision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    }
  }
  throw new Error(`Stream ${stream}: 'stream_exists' append lost ${ATTEMPTS} times in a row to other writers`);
}

/** The result the earlier append of these events had. */
async function appendedBefore(store: TailedStore, stream: string, first: StoredEvent, count: number): Promise<AppendResult> {
  const revision = first.revision + count - 1;
  const last = revision === first.revision ? first : await store.eventAt(stream, BigInt(revision));
  if (!last) throw new Error(`Stream ${stream}: event ${first.id} found, but not the rest of its append`);
  return { position: last.position, revision };
}
