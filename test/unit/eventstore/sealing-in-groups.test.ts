import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import { type EventToAppend, SEALED, type SealGroup, SealingEventStore, SqliteEventStore } from '@chat/eventstore';
import { MemoryKeyStore, SubjectKeys } from '@chat/keystore';

const SPECS = new Map<string, readonly SealGroup[]>([['MessageSent.v1', [{ by: ['message:message_id'], paths: ['content'], forgotten: [''] }]]]);

const sent = (messageId: number): EventToAppend => ({
  id: `event-${messageId}`,
  event: { type: 'MessageSent', data: { message_id: messageId, content: `secret ${messageId}` } } as unknown as DomainEvent,
  metadata: { actor_id: 1, occurred_at: 0, request_id: 'r', client: 'test', schema_version: 1, causation_id: null, correlation_id: 'c' },
});

async function storedRows(log: SqliteEventStore): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const event of log.readAll()) rows.push(event.data as Record<string, unknown>);
  return rows;
}

describe('SealingEventStore over a log that commits in groups', function () {
  let directory: string;
  let log: SqliteEventStore;
  let keys: SubjectKeys;
  let store: SealingEventStore;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'sealing-groups-'));
    log = new SqliteEventStore(join(directory, 'events.sqlite3'));
    keys = await SubjectKeys.open(new MemoryKeyStore());
    await keys.ensure(['message-5']);
    store = new SealingEventStore(log, SPECS, keys);
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('seals the commands of one turn as their group is written: the log holds boxes, subscribers the plain data', async function () {
    const told: StoredEvent[] = [];
    store.subscribe(0, (events) => void told.push(...events));
    await Promise.all([5, 6, 7].map((id) => store.appendStreams([{ stream: `message-${id}`, events: [sent(id)], expected: 'no_stream' }])));
    const rows = await storedRows(log);
    expect(rows).to.have.length(3);
    for (const row of rows) {
      expect(row).to.not.have.property('content');
      expect(row[SEALED]).to.have.length(1);
    }
    expect(told.map((event) => (event.data as { content: string }).content)).to.deep.equal(['secret 5', 'secret 6', 'secret 7']);
    const read: unknown[] = [];
    for await (const event of store.readAll()) read.push((event.data as { content: string }).content);
    expect(read).to.deep.equal(['secret 5', 'secret 6', 'secret 7']);
  });

  it('fails only the command whose subject was forgotten between its arrival and its group being written', async function () {
    const first = store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    const second = store.appendStreams([{ stream: 'message-6', events: [sent(6)], expected: 'no_stream' }]);
    await keys.forget(['message-5'], 1); // settles before the group is written (the next check phase)
    const [refused, kept] = await Promise.allSettled([first, second]);
    expect(refused.status).to.equal('rejected');
    expect(String((refused as PromiseRejectedResult).reason)).to.contain('already forgotten');
    expect(kept.status).to.equal('fulfilled');
    const rows = await storedRows(log);
    expect(rows.map((row) => row.message_id)).to.deep.equal([6]);
    expect(await log.headPosition()).to.equal(1);
  });

  it('stores a retried command sealed when its first attempt failed in the same group', async function () {
    const failing = store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'stream_exists' }]);
    const retried = store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    const [first, second] = await Promise.allSettled([failing, retried]);
    expect([first.status, second.status]).to.deep.equal(['rejected', 'fulfilled']);
    const [row] = await storedRows(log);
    expect(row).to.not.have.property('content');
    expect(row[SEALED]).to.have.length(1);
  });

  it('seals what is appended to the log below it too: nothing of a sealed type is written in clear', async function () {
    await log.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    const [row] = await storedRows(log);
    expect(row).to.not.have.property('content');
    const [event] = await store.readAt([1]);
    expect((event.data as { content: string }).content).to.equal('secret 5');
  });

  it('stores a retried command with the same bytes (the same event id seals alike)', async function () {
    await store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    await store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    expect(await log.headPosition()).to.equal(1);
  });
});
