import type { EventStore } from '@chat/eventstore';
import { AS_READ } from './command-bus.js';

/**
 * The expectation for a stream a decision read through the read models: as they showed it when the
 * decision began (AS_READ; the bus turns it into "no event after that log position"). It used to be
 * the stream's revision fetched after deciding, which guarded nothing. Prefer writing AS_READ, or a
 * revision read from the stream itself (streamHistory); this stays for the callers that use it.
 */
export async function currentRevision(_store: EventStore, _stream: string): Promise<typeof AS_READ> {
  return AS_READ;
}
