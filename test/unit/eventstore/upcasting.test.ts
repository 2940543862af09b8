import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import {
  ALL_UPCASTERS,
  allUpcasters,
  defineUpcaster,
  EventSchemaRegistry,
  SqliteEventStore,
  UpcastingEventStore,
  Upcasters,
} from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

const v1Topic = (visibility_policy: number) =>
  ({ type: 'UserTopicChanged', data: { user_id: 7, channel_id: 2, topic: 'lunch', visibility_policy } }) as unknown as DomainEvent;

const stored = (type: string, data: object, schema_version: number): StoredEvent =>
  ({ position: 1, stream: 'user-7', revision: 0, id: 'e', type, data, metadata: { ...metadataAt(T0), schema_version } }) as StoredEvent;

describe('upcasters', function () {
  const registry = new EventSchemaRegistry();

  it('read UserTopicChanged.v1 as v2: the policy number becomes its name', function () {
    const upcasters = allUpcasters();
    const names = [0, 1, 2, 3].map((policy) => upcasters.upcast(stored('UserTopicChanged', v1Topic(policy).data, 1)));
    expect(names.map((event) => event.data)).to.deep.equal(
      ['inherit', 'muted', 'unmuted', 'followed'].map((visibility_policy) => ({ user_id: 7, channel_id: 2, topic: 'lunch', visibility_policy })),
    );
    for (const event of names) {
      expect(event.metadata.schema_version).to.equal(2);
      expect(registry.check(event.type, 2, event.data)).to.equal(null);
    }
  });

  it('leave a current event as it is (the same object)', function () {
    const current = stored('UserTopicChanged', { user_id: 7, channel_id: 2, topic: 'lunch', visibility_policy: 'muted' }, 2);
    const other = stored('UserRenamed', { user_id: 7, full_name: 'Ophelia' }, 1);
    const upcasters = allUpcasters();
    expect(upcasters.upcast(current)).to.equal(current);
    expect(upcasters.upcast(other)).to.equal(other);
    const batch = [current, other];
    expect(upcasters.upcastAll(batch)).to.equal(batch);
  });

  it('chain versions up to the current one', function () {
    const upcasters = new Upcasters([
      defineUpcaster<{ n: number }, { n: number; doubled: number }>('Counted', 1, (data) => ({ ...data, doubled: data.n * 2 })),
      defineUpcaster<{ n: number; doubled: number }, { total: number }>('Counted', 2, (data) => ({ total: data.n + data.doubled })),
    ]);
    expect(upcasters.currentVersion('Counted')).to.equal(3);
    const event = upcasters.upcast(stored('Counted', { n: 2 }, 1));
    expect(event.data).to.deep.equal({ total: 6 });
    expect(event.metadata.schema_version).to.equal(3);
    expect(upcasters.upcast(stored('Counted', { n: 2, doubled: 4 }, 2)).data).to.deep.equal({ total: 6 });
  });

  it('refuse two upcasters of one version', function () {
    const twice = defineUpcaster('Counted', 1, (data) => data);
    expect(() => new Upcasters([twice, twice])).to.throw('Two upcasters read Counted.v1');
  });

  it('end every chain at the newest schema of its type, each step having a schema', function () {
    const upcasters = allUpcasters();
    for (const { type, fromVersion } of ALL_UPCASTERS) {
      expect(registry.schemas.has(`${type}.v${fromVersion}`), `${type}.v${fromVersion} schema kept`).to.equal(true);
      expect(registry.schemas.has(`${type}.v${fromVersion + 1}`), `${type}.v${fromVersion + 1} schema`).to.equal(true);
      expect(upcasters.currentVersion(type)).to.equal(registry.latestVersion(type));
    }
  });
});

describe('UpcastingEventStore', function () {
  let directory: string;
  let raw: SqliteEventStore;
  let store: UpcastingEventStore;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-upcasting-'));
    raw = new SqliteEventStore(join(directory, 'events.sqlite3'));
    store = new UpcastingEventStore(raw, allUpcasters());
    await raw.append('user-7', [{ id: 'old', event: v1Topic(3), metadata: { ...metadataAt(T0), schema_version: 1 } }], 'no_stream');
  });
  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const policies = (events: readonly StoredEvent[]) => events.map((event) => [event.metadata.schema_version, (event.data as { visibility_policy: unknown }).visibility_policy]);
  const collect = async (events: AsyncIterable<StoredEvent>): Promise<StoredEvent[]> => {
    const all: StoredEvent[] = [];
    for await (const event of events) all.push(event);
    return all;
  };

  it('given a v1 event in the log, reads it as v2 from a stream, the whole log and a subscription', async function () {
    const current = { type: 'UserTopicChanged', data: { user_id: 7, channel_id: 2, topic: 'plans', visibility_policy: 'muted' } } as DomainEvent;
    await store.append('user-7', [{ id: 'new', event: current, metadata: { ...metadataAt(T0), schema_version: 2 } }], 0);
    const expected = [[2, 'followed'], [2, 'muted']];
    expect(policies(await collect(store.readStream('user-7')))).to.deep.equal(expected);
    expect(policies(await collect(store.readAll()))).to.deep.equal(expected);
    const seen: StoredEvent[] = [];
    const stop = store.subscribe(0, (events) => {
      seen.push(...events);
    });
    stop();
    expect(policies(seen)).to.deep.equal(expected);
  });

  it('leaves the log as written: the raw store still holds v1', async function () {
    expect(policies(await collect(raw.readAll()))).to.deep.equal([[1, 3]]);
  });
});
