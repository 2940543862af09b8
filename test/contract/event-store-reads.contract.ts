import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventMetadata, StoredEvent } from '@chat/core';
import { type EventStore, type EventToAppend, exportEvents } from '@chat/eventstore';
import { collect } from './event-store.contract.js';

const METADATA: EventMetadata = {
  actor_id: 1,
  occurred_at: 1_700_000_000_000,
  request_id: 'contract-reads',
  client: 'contract-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: 'contract-reads',
};

/** A claim, padded so a few hundred of them outgrow what a connection buffers for one read (64 KiB). */
const claim = (owner_id: number, padding = 0): EventToAppend => ({
  id: randomUUID(),
  event: { type: 'KeyClaimed', data: { kind: 'email', owner_id, ...(padding > 0 ? { note: 'x'.repeat(padding) } : {}) } as never },
  metadata: METADATA,
});

const ownerOf = (event: StoredEvent) => (event.type === 'KeyClaimed' ? event.data.owner_id : null);

/** Fails the test, rather than letting it hang, when `work` takes longer than `ms`. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads by position, as every adapter must serve them. Positions are opaque: EventStoreDB's are byte
 * offsets into its log, and it refuses to read from a number inside a record (p - 1 of an event's p
 * is one), so readers must start from positions the log handed out, and a number from elsewhere
 * (an operator's export bound) must still give "the events at or after it".
 */
export function eventStoreReadsContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract, reads by position: ${name}`, function () {
    this.timeout(60_000);
    let store: EventStore;
    let stream: string;
    let events: StoredEvent[];

    beforeEach(async function () {
      store = await open();
      stream = `contract-reads-${randomUUID()}`;
      await store.append(stream, [claim(1), claim(2)], 'no_stream');
      await store.append(stream, [claim(3)], 1);
      events = await collect(store.readStream(stream));
    });
    afterEach(() => store.close());

    const ours = (all: StoredEvent[]) => all.filter((event) => event.stream === stream);

    it('reads each event at the position it was stored at (a point read, not a read after position - 1)', async function () {
      const [one, two, three] = events.map((event) => event.position);
      expect((await store.readAt([two])).map(ownerOf)).to.deep.equal([2]);
      expect((await store.readAt([one, three])).map(ownerOf)).to.deep.equal([1, 3]);
    });

    it('reads the log from an event inclusive, and after it exclusive', async function () {
      const [, two] = events;
      expect(ours(await collect(store.readAll({ fromPosition: two.position, inclusive: true }))).map(ownerOf)).to.deep.equal([2, 3]);
      expect(ours(await collect(store.readAll({ fromPosition: two.position }))).map(ownerOf)).to.deep.equal([3]);
      const [first] = await collect(store.readAll({ fromPosition: two.position, inclusive: true, maxCount: 1 }));
      expect(first.id).to.equal(two.id);
    });

    it('exports from a from_position that is an event of the log, that event first', async function () {
      const [, two, three] = events;
      const exported = await collect(exportEvents(store, { fromPosition: two.position, streams: [stream] }, three.position));
      expect(exported.map(ownerOf)).to.deep.equal([2, 3]);
      const last = await collect(exportEvents(store, { fromPosition: three.position, toPosition: three.position }, three.position));
      expect(last.map((event) => event.id)).to.deep.equal([three.id]);
    });

    it('treats a number that is no event position as a bound: the events after it, and no event at it', async function () {
      // One past an event's position: the next event on a log numbered 1, 2, 3…, inside the event's
      // record on EventStoreDB. Either way the answer follows from the positions alone.
      const between = events[0].position + 1;
      const after = events.filter((event) => event.position > between).map(ownerOf);
      expect(ours(await collect(store.readAll({ fromPosition: between }))).map(ownerOf)).to.deep.equal(after);
      const atOrAfter = events.filter((event) => event.position >= between).map(ownerOf);
      expect(ours(await collect(store.readAll({ fromPosition: between, inclusive: true }))).map(ownerOf)).to.deep.equal(atOrAfter);
      expect((await store.readAt([between])).map(ownerOf)).to.deep.equal(events.filter((event) => event.position === between).map(ownerOf));
    });

    it('leaves no read open on the server when a reader stops early (120 abandoned reads, then a read still answers)', async function () {
      const start = events[2].position;
      const padded = `contract-reads-padded-${randomUUID()}`;
      // 400 KiB after `start`: more than one read's flow-control window and buffers hold.
      for (let batch = 0; batch < 4; batch += 1) {
        await store.append(padded, Array.from({ length: 100 }, (_, i) => claim(batch * 100 + i, 1024)), batch === 0 ? 'no_stream' : batch * 100 - 1);
      }
      // More abandoned reads than one HTTP/2 connection may hold open at once (100 on EventStoreDB's server).
      for (let round = 0; round < 120; round += 1) {
        for await (const event of store.readAll({ fromPosition: start })) {
          expect(event.position).to.be.greaterThan(start);
          break;
        }
      }
      const page = await within(10_000, 'a read after 120 abandoned ones', collect(store.readAll({ fromPosition: start, maxCount: 5 })));
      expect(page).to.have.length(5);
      const [first] = await within(10_000, 'a point read after them', store.readAt([events[1].position]));
      expect(ownerOf(first)).to.equal(2);
    });
  });
}
