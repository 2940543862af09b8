import type { EventStore, ExpectedRevision, StreamAppendRequest, StreamExpectation } from '../event-store.js';
import { expectationMet, WrongExpectedRevision } from '../event-store.js';

/** The last event of a stream at or before a log position, read backwards. */
type StreamTail = Pick<EventStore, 'readStream' | 'streamRevision'> & {
  lastEvent(stream: string): Promise<{ revision: number; position: number } | null>;
};

/**
 * The expectation checked now, before anything is appended, and the exact revision standing for it
 * (for "unchanged since position N": the stream's revision if its last event is at or before N),
 * which EventStoreDB then checks atomically at the append. 'stream_exists' stays as it is: its
 * append looks for a retry of itself first (esdb-stream-exists.ts).
 */
async function exactExpectation(store: StreamTail, stream: string, expected: StreamExpectation): Promise<ExpectedRevision> {
  const last = await store.lastEvent(stream);
  if (!expectationMet(expected, last ?? undefined)) throw new WrongExpectedRevision(stream, expected, last?.revision ?? null);
  if (expected === 'stream_exists') return expected;
  return last === null ? 'no_stream' : last.revision;
}

/**
 * EventStoreDB has no transaction across streams. So: every expectation is checked first (streams that
 * are only read included), then the streams are appended in order, each with its exact expected
 * revision. A conflict found before the first append changes nothing; a writer that slips in between
 * two appends makes the later ones fail after the earlier ones landed. docs/topics/atomic-commands.md
 * lists the commands that write several streams and why each is safe or how it is repaired.
 */
export async function appendStreamsInTurn(store: EventStore & StreamTail, appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
  const exact: ExpectedRevision[] = [];
  for (const append of appends) exact.push(await exactExpectation(store, append.stream, append.expected));
  let position: number | null = null;
  for (const [index, append] of appends.entries()) {
    if (append.events.length === 0) continue;
    position = (await store.append(append.stream, append.events, exact[index])).position;
  }
  return { position: position ?? (await store.headPosition()) };
}
