import { type AllStreamResolvedEvent, BACKWARDS, END, type EventStoreDBClient, type ReadPosition, type ResolvedEvent, START, StreamNotFoundError } from '@eventstore/db-client';
import { toPosition } from './esdb-mapping.js';

/**
 * Records asked of the server per read call. Every call names its count and is read to its end before
 * anything is handed on, so a caller that stops early (an export page, a lag count, a point read)
 * never leaves a call open on the server: an abandoned gRPC read stays open, paused by flow control,
 * and a connection carries at most 100 of them at once (Kestrel's default), after which every call waits.
 */
export const PAGE = 256;

const GRPC_INVALID_ARGUMENT = 3;

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of read) all.push(item);
  return all;
}

/**
 * Whether the server refused a read of `$all` because its start is not a record boundary (a number
 * that no event of this log is at): INVALID_ARGUMENT, "Trying to read from an invalid position".
 */
export function isInvalidPosition(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === GRPC_INVALID_ARGUMENT || /invalid position/i.test(error.message);
}

/** Up to `count` records of `$all` forwards from `from` (inclusive on the server). */
export const allForwards = (client: EventStoreDBClient, from: ReadPosition, count = PAGE): Promise<AllStreamResolvedEvent[]> =>
  collect(client.readAll({ fromPosition: from, maxCount: count }));

/** Up to `count` records of `$all` backwards from `from` (END: the newest). */
export const allBackwards = (client: EventStoreDBClient, from: ReadPosition, count = PAGE): Promise<AllStreamResolvedEvent[]> =>
  collect(client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: count }));

/** Up to `count` events of a stream from a revision (START: its first), or backwards from its last; none when it does not exist. */
export async function streamPage(client: EventStoreDBClient, stream: string, from: bigint | typeof START | typeof END, count = PAGE, backwards = false): Promise<ResolvedEvent[]> {
  try {
    return await collect(client.readStream(stream, { fromRevision: from, maxCount: count, ...(backwards ? { direction: BACKWARDS } : {}) }));
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** The `$all` position of a record, as a number (see esdb-mapping.ts); null for a record the server gave none. */
export function recordPosition(record: AllStreamResolvedEvent): { at: ReadPosition; position: number } | null {
  const position = record.event?.position;
  return position ? { at: { commit: position.commit, prepare: position.prepare }, position: toPosition(position.prepare) } : null;
}
