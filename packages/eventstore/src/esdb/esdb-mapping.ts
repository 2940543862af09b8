import {
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  jsonEvent,
  NO_STREAM,
  type ReadPosition,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { StoredEvent } from '@chat/core';
import { type EventToAppend, type ExpectedRevision, WrongExpectedRevision } from '../event-store.js';

/*
 * Position mapping. Our `position` is the event's own log position in EventStoreDB's transaction
 * file (its $all prepare position), as a Number.
 * - Unique and increasing in $all order: every append through gRPC is an implicit transaction whose
 *   events are each a "commit-alike" record, reported in $all as {commit, prepare} = {own log
 *   position, own log position} (KurrentDB AllReader). Only the legacy TCP API's explicit
 *   transactions made several events share one commit position; nothing here writes those.
 * - The same whichever read found the event: stream reads (server 22.6+) and $all reads agree on
 *   the prepare position, while the commit position of a stream read has not always been filled in.
 * - Exact: log positions are byte offsets; a Number holds them exactly up to 2^53 bytes (9 PB),
 *   and toPosition refuses anything beyond rather than rounding.
 * - Reversible: {commit: p, prepare: p} is a real record boundary for every p this adapter handed
 *   out, so reading "after p" starts there (inclusive on the server) and skips the event at p.
 * - Opaque: positions are byte offsets, not counts. p - 1 is inside the record before p, and the
 *   server refuses to read from inside a record (INVALID_ARGUMENT "Trying to read from an invalid
 *   position", KurrentDB StorageReaderWorker). Nothing here computes a position; a number that did not
 *   come from this store (a user's export bound) is read from by scanning (see esdb-reads.ts).
 */
export function toPosition(logPosition: bigint): number {
  const position = Number(logPosition);
  if (!Number.isSafeInteger(position)) throw new Error(`EventStoreDB position ${logPosition} exceeds 2^53`);
  return position;
}

/** Where a read or a catch-up subscription starts so as to see every event after `position`. */
export function readFrom(position: number): ReadPosition {
  if (position <= 0) return START;
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

// Errors built from gRPC trailers report a missing stream as revision -1 rather than 'no_stream'.
const fromCurrentRevision = (current: CurrentRevision): number | null =>
  current === NO_STREAM || current < 0n ? null : Number(current);

export function toAppendError(error: unknown, stream: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevision(stream, expected, fromCurrentRevision(error.actualVersion));
  }
  return error;
}

export function toEventData(item: EventToAppend) {
  // The caller's deterministic uuid becomes the ESDB event id: the server then recognises a
  // retried append (same ids, same expected revision) and writes nothing twice.
  return jsonEvent({
    id: item.id,
    type: item.event.type,
    data: item.event.data as unknown as Record<string, unknown>,
    metadata: item.metadata as unknown as Record<string, unknown>,
  });
}

/**
 * System events ($-types, $-streams, links) and foreign binary events are not part of our log.
 * `stream` is the name the app knows the event's stream by (see StreamNamespace).
 */
export function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent, stream: string): StoredEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  // Stream reads carry positions only from server 22.6 on; this adapter needs them everywhere.
  if (!event.position) throw new Error('EventStoreDB did not report event positions (server older than 22.6?)');
  return {
    position: toPosition(event.position.prepare),
    stream,
    revision: Number(event.revision),
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  } as unknown as StoredEvent;
}
