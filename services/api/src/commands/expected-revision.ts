import type { EventStore, ExpectedRevision } from '@chat/eventstore';

/** The revision to expect when appending to a stream as it is now. */
export async function currentRevision(store: EventStore, stream: string): Promise<ExpectedRevision> {
  const revision = await store.streamRevision(stream);
  return revision === null ? 'no_stream' : revision;
}
