import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DomainEvent, EventMetadata, IdKind, StoredEvent } from '@chat/core';
import { type IdAllocator, LogIdAllocator, SqliteEventStore } from '@chat/eventstore';
import { EsdbEventStore, EsdbIdAllocator, type ReservationLog } from '@chat/eventstore/esdb';
import { ESDB_URL, runName } from '../support/production-stores.js';
import { userCreatedEvent } from '../support/stored-events.js';

const METADATA: EventMetadata = {
  actor_id: null,
  occurred_at: 1_700_000_000_000,
  request_id: 'id-allocator-test',
  client: 'id-allocator-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: 'id-allocator-test',
};

const userCreated = (user_id: number): DomainEvent => userCreatedEvent(user_id);

const record = (store: SqliteEventStore, stream: string, event: DomainEvent) =>
  store.append(stream, [{ id: randomUUID(), event, metadata: METADATA }], 'no_stream');

/** The embedded log as a ReservationLog, so the reservation protocol is exercised without a server. */
function reservationLog(store: SqliteEventStore): ReservationLog {
  return {
    append: (stream, events, expected) => store.append(stream, events, expected),
    readAll: (options) => store.readAll(options),
    lastEvent: async (stream) => {
      let last: StoredEvent | null = null;
      for await (const event of store.readStream(stream)) last = event;
      return last;
    },
  };
}

/** Both allocators asked at once, many times: returns the ids each one handed out. */
async function race(a: IdAllocator, b: IdAllocator, kind: IdKind, rounds: number): Promise<[number[], number[]]> {
  const calls = Array.from({ length: rounds }, () => Promise.all([a.next(kind), b.next(kind)]));
  const pairs = await Promise.all(calls);
  return [pairs.map(([x]) => x), pairs.map(([, y]) => y)];
}

function expectDisjointAndIncreasing(first: number[], second: number[]): void {
  expect(new Set([...first, ...second]).size).to.equal(first.length + second.length);
  for (const ids of [first, second]) expect(ids).to.deep.equal([...ids].sort((x, y) => x - y));
}

describe('Id allocators', function () {
  let directory: string;
  let store: SqliteEventStore;

  beforeEach(function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-ids-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('LogIdAllocator counts up from the highest id the log records, and follows new events', async function () {
    await record(store, 'user-3', userCreated(3));
    await record(store, 'user-7', userCreated(7));
    const allocator = LogIdAllocator.following(store);
    expect([await allocator.next('user'), await allocator.next('user')]).to.deep.equal([8, 9]);
    expect(await allocator.next('profile_field')).to.equal(1);
    await record(store, 'user-20', userCreated(20));
    expect(await allocator.next('user')).to.equal(21);
    await allocator.close();
  });

  it('LogIdAllocator fed by a reader: observes the events it is given, and recovers the ids before a kept checkpoint', async function () {
    await record(store, 'user-3', userCreated(3));
    const checkpoint = await store.headPosition();
    await record(store, 'user-9', userCreated(9));
    const fed = new LogIdAllocator();
    await fed.recover(store, checkpoint);
    expect(await fed.next('user')).to.equal(4);
    for await (const event of store.readAll({ fromPosition: checkpoint })) fed.observe(event);
    expect(await fed.next('user')).to.equal(10);
    await fed.close();
  });

  it('EsdbIdAllocator starts above the ids already in the log, then hands out its block in order', async function () {
    await record(store, 'user-41', userCreated(41));
    const allocator = new EsdbIdAllocator(reservationLog(store), { blockSize: 5 });
    const ids = [];
    for (let i = 0; i < 7; i += 1) ids.push(await allocator.next('user'));
    expect(ids).to.deep.equal([42, 43, 44, 45, 46, 47, 48]);
    const blocks = [];
    for await (const event of store.readStream('ids-user')) if (event.type === 'IdBlockReserved') blocks.push(event.data);
    expect(blocks).to.deep.equal([
      { kind: 'user', first: 42, last: 46 },
      { kind: 'user', first: 47, last: 51 },
    ]);
  });

  it('EsdbIdAllocator: two allocators sharing a log never hand out the same id', async function () {
    const log = reservationLog(store);
    const a = new EsdbIdAllocator(log, { blockSize: 3 });
    const b = new EsdbIdAllocator(log, { blockSize: 3 });
    const [fromA, fromB] = await race(a, b, 'user', 40);
    expectDisjointAndIncreasing(fromA, fromB);
    const floorRespecting = new EsdbIdAllocator(log, { blockSize: 3, floor: async () => 1000 });
    expect(await floorRespecting.next('user')).to.equal(1001);
  });

  const esdbUrl = ESDB_URL;
  if (!esdbUrl) it('EsdbIdAllocator over EventStoreDB: runs only against a server: set ESDB_URL, e.g. esdb://localhost:2113?tls=false (see npm run test:first-contact)');
  else
    it('EsdbIdAllocator over EventStoreDB: two processes never hand out the same id', async function () {
      // A log of its own on the server (a stream prefix), so the reservations start from nothing.
      const prefix = `${runName('ids')}-`;
      const stores = [EsdbEventStore.connect(esdbUrl, { streamPrefix: prefix }), EsdbEventStore.connect(esdbUrl, { streamPrefix: prefix })];
      try {
        const [a, b] = stores.map((log) => new EsdbIdAllocator(log, { blockSize: 3 }));
        const [fromA, fromB] = await race(a, b, 'user', 30);
        expectDisjointAndIncreasing(fromA, fromB);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
});
