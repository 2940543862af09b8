import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventMetadata, StoredEvent } from '@chat/core';
import type { EventStore, EventToAppend } from '@chat/eventstore';
import { collect } from './event-store.contract.js';

const METADATA: EventMetadata = {
  actor_id: 1,
  occurred_at: 1_700_000_000_000,
  request_id: 'contract-retries',
  client: 'contract-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: 'contract-retries',
};

const claim = (owner_id: number): EventToAppend => ({ id: randomUUID(), event: { type: 'KeyClaimed', data: { kind: 'email', owner_id } }, metadata: METADATA });
const ownerOf = (event: StoredEvent) => (event.type === 'KeyClaimed' ? event.data.owner_id : null);

/**
 * Enough other events to push an append's ids out of EventStoreDB's memory of recently committed ids
 * (8 MiB, each entry costing about twice its stream name's length: KurrentDB IndexWriter), which is
 * all it consults to recognise a retry that expected 'stream_exists'. Names of 1,000 characters, 6,000
 * events: about 12 MiB of entries.
 */
async function crowdOutRecentIds(store: EventStore): Promise<void> {
  const stream = `contract-filler-${randomUUID()}-${'f'.repeat(1000)}`;
  for (let batch = 0; batch < 12; batch += 1) {
    await store.append(stream, Array.from({ length: 500 }, (_, i) => claim(batch * 500 + i)), batch === 0 ? 'no_stream' : batch * 500 - 1);
  }
}

/**
 * Retried appends: what the request ledger and invite links rely on when a command is re-decided.
 * `remembersIdsForever`: the store checks every id it holds (SQLite's UNIQUE(id)), so there is no
 * memory of recent ids to crowd out first.
 */
export function eventStoreRetriesContract(name: string, open: () => Promise<EventStore>, options: { remembersIdsForever: boolean }): void {
  describe(`EventStore contract, retried appends: ${name}`, function () {
    this.timeout(120_000);
    let store: EventStore;
    let stream: string;

    beforeEach(async function () {
      store = await open();
      stream = `contract-retries-${randomUUID()}`;
    });
    afterEach(() => store.close());

    it("writes a 'stream_exists' append retried with the same ids once, also after others wrote to the stream and the server forgot recent ids", async function () {
      await store.append(stream, [claim(1)], 'no_stream');
      const answer = [claim(2), claim(3)];
      const first = await store.append(stream, answer, 'stream_exists');
      await store.append(stream, [claim(4)], 'stream_exists');
      if (!options.remembersIdsForever) await crowdOutRecentIds(store);
      const retried = await store.append(stream, answer, 'stream_exists');
      expect(retried).to.deep.equal(first);
      expect((await collect(store.readStream(stream))).map(ownerOf)).to.deep.equal([1, 2, 3, 4]);
    });
  });
}
