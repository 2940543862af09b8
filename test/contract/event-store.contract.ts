import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventMetadata, StoredEvent } from '@chat/core';
import { type EventStore, type EventToAppend, WrongExpectedRevision } from '@chat/eventstore';

const METADATA: EventMetadata = {
  actor_id: 1,
  occurred_at: 1_700_000_000_000,
  request_id: 'contract-test',
  client: 'contract-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: 'contract-test',
};

const claim = (owner_id: number): EventToAppend => ({
  id: randomUUID(),
  event: { type: 'KeyClaimed', data: { kind: 'email', owner_id } },
  metadata: METADATA,
});

const ownerOf = (event: StoredEvent) => (event.type === 'KeyClaimed' ? event.data.owner_id : null);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to be rejected');
}

async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function expectIncreasing(positions: number[]): void {
  for (let i = 1; i < positions.length; i += 1) expect(positions[i]).to.be.greaterThan(positions[i - 1]);
}

/**
 * What every EventStore adapter promises. Each test writes to streams of its own, so the suite can
 * run against a shared EventStoreDB server that already holds other events.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, cleanup?: () => Promise<void>): void {
  describe(`EventStore contract: ${name}`, function () {
    let store: EventStore;
    let stream: string;

    beforeEach(async function () {
      store = await open();
      stream = `contract-${randomUUID()}`;
    });

    afterEach(async function () {
      await store.close();
      await cleanup?.();
    });

    it("appends to a new stream expected as 'no_stream'", async function () {
      const item = claim(1);
      const result = await store.append(stream, [item], 'no_stream');
      const events = await collect(store.readStream(stream));
      expect(result.revision).to.equal(0);
      expect(events).to.have.length(1);
      expect(events[0]).to.include({ stream, revision: 0, id: item.id, type: 'KeyClaimed', position: result.position });
      expect(events[0].data).to.deep.equal({ kind: 'email', owner_id: 1 });
      expect(events[0].metadata).to.deep.equal(METADATA);
      expect(await store.streamRevision(stream)).to.equal(0);
    });

    it('appends several events at once with consecutive revisions and increasing positions', async function () {
      const result = await store.append(stream, [claim(1), claim(2), claim(3)], 'no_stream');
      const events = await collect(store.readStream(stream));
      expect(events.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
      expectIncreasing(events.map((e) => e.position));
      expect(result).to.deep.equal({ position: events[2].position, revision: 2 });
    });

    it('refuses a wrong expected revision and appends none of the events', async function () {
      await store.append(stream, [claim(1)], 'no_stream');
      for (const expected of ['no_stream', 5, 5n] as const) {
        const error = await rejection(store.append(stream, [claim(2), claim(3)], expected));
        expect(error).to.be.instanceOf(WrongExpectedRevision);
        expect(error).to.include({ stream, expected, actual: 0 });
      }
      expect((await collect(store.readStream(stream))).map(ownerOf)).to.deep.equal([1]);
    });

    it('appends after an exact expected revision, given as a number or a bigint', async function () {
      await store.append(stream, [claim(1)], 'no_stream');
      expect((await store.append(stream, [claim(2)], 0)).revision).to.equal(1);
      expect((await store.append(stream, [claim(3)], 1n)).revision).to.equal(2);
      expect(await rejection(store.append(stream, [claim(4)], 1))).to.include({ actual: 2 });
      expect(await store.streamRevision(stream)).to.equal(2);
    });

    it("appends expected as 'stream_exists' only to a stream that exists", async function () {
      const error = await rejection(store.append(stream, [claim(1)], 'stream_exists'));
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(error).to.include({ actual: null });
      await store.append(stream, [claim(1)], 'no_stream');
      expect((await store.append(stream, [claim(2)], 'stream_exists')).revision).to.equal(1);
    });

    it('appends nothing twice when an append is retried with the same event ids', async function () {
      const items = [claim(1), claim(2)];
      const first = await store.append(stream, items, 'no_stream');
      const retried = await store.append(stream, items, 'no_stream');
      expect(retried).to.deep.equal(first);
      expect((await collect(store.readStream(stream))).map(ownerOf)).to.deep.equal([1, 2]);
    });

    it('reads one stream in revision order, without the events of other streams', async function () {
      const other = `contract-${randomUUID()}`;
      await store.append(stream, [claim(1)], 'no_stream');
      await store.append(other, [claim(10)], 'no_stream');
      await store.append(stream, [claim(2), claim(3)], 0);
      await store.append(other, [claim(11)], 0);
      const events = await collect(store.readStream(stream));
      expect(events.map(ownerOf)).to.deep.equal([1, 2, 3]);
      expect(events.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
    });

    it('reads the whole log after a position, at most maxCount events', async function () {
      const first = await store.append(stream, [claim(1)], 'no_stream');
      const last = await store.append(stream, [claim(2), claim(3), claim(4)], 0);
      const page = await collect(store.readAll({ fromPosition: first.position, maxCount: 2 }));
      expect(page.map(ownerOf)).to.deep.equal([2, 3]);
      expect(page.every((e) => e.stream === stream && e.position > first.position)).to.equal(true);
      const rest = (await collect(store.readAll({ fromPosition: page[1].position }))).filter((e) => e.stream === stream);
      expect(rest.map(ownerOf)).to.deep.equal([4]);
      expect(rest[0].position).to.equal(last.position);
      expect(await collect(store.readAll({ fromPosition: first.position, maxCount: 0 }))).to.deep.equal([]);
    });

    it('reads the events at given positions, in the order asked, leaving out positions without one', async function () {
      await store.append(stream, [claim(1), claim(2)], 'no_stream');
      const last = await store.append(stream, [claim(3)], 1);
      const [one, two, three] = (await collect(store.readStream(stream))).map((e) => e.position);
      const events = await store.readAt([three, one, last.position + 1_000_000, two]);
      expect(events.map(ownerOf)).to.deep.equal([3, 1, 2]);
      expect(events.map((e) => e.position)).to.deep.equal([three, one, two]);
      expect(events.every((e) => e.stream === stream)).to.equal(true);
      expect(await store.readAt([])).to.deep.equal([]);
    });

    it('knows no revision and no events for a stream never written', async function () {
      expect(await store.streamRevision(stream)).to.equal(null);
      expect(await collect(store.readStream(stream))).to.deep.equal([]);
    });

    it('reports the position of the last event as the head', async function () {
      const result = await store.append(stream, [claim(1), claim(2)], 'no_stream');
      expect(await store.headPosition()).to.equal(result.position);
    });

    it('settles concurrent appends each on its own expectation: one refused changes nothing of the others', async function () {
      const other = `${stream}x`;
      const [first, refused, second, elsewhere] = await Promise.allSettled([
        store.append(stream, [claim(1)], 'no_stream'),
        store.append(stream, [claim(2)], 5),
        store.append(stream, [claim(3)], 0),
        store.append(other, [claim(4), claim(5)], 'no_stream'),
      ]);
      expect(first.status).to.equal('fulfilled');
      expect(second.status).to.equal('fulfilled');
      expect(elsewhere.status).to.equal('fulfilled');
      expect(refused.status === 'rejected' && refused.reason).to.be.instanceOf(WrongExpectedRevision);
      expect((await collect(store.readStream(stream))).map(ownerOf)).to.deep.equal([1, 3]);
      expect((await collect(store.readStream(other))).map((e) => e.revision)).to.deep.equal([0, 1]);
      const log = (await collect(store.readAll({ fromPosition: 0 }))).filter((e) => e.stream === stream || e.stream === other);
      expectIncreasing(log.map((e) => e.position));
    });

    it('delivers stored events, then new ones, in order, until unsubscribed', async function () {
      const start = await store.headPosition();
      await store.append(stream, [claim(1), claim(2)], 'no_stream');
      const seen: StoredEvent[] = [];
      const unsubscribe = store.subscribe(start, (events) => {
        seen.push(...events.filter((e) => e.stream === stream));
      });
      try {
        await eventually(() => seen.length === 2);
        await store.append(stream, [claim(3)], 1);
        await eventually(() => seen.length === 3);
      } finally {
        unsubscribe();
      }
      await store.append(stream, [claim(4)], 2);
      await sleep(200); // room for a delivery that should not come
      expect(seen.map(ownerOf)).to.deep.equal([1, 2, 3]);
      expect(seen.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
      expect(seen[0].position).to.be.greaterThan(start);
      expectIncreasing(seen.map((e) => e.position));
    });
  });
}
