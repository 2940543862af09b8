import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import { SqliteEventStore } from '@chat/eventstore';
import { WalSync } from '../../../packages/eventstore/src/sqlite/wal-sync.js';
import { metadataAt, T0 } from '../../support/stored-events.js';

const renamed = (name: string) => ({ id: randomUUID(), event: { type: 'UserRenamed', data: { user_id: 1, full_name: name } } as DomainEvent, metadata: metadataAt(T0) });

describe('WalSync: commits acknowledged once on disk, off the event loop', function () {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'wal-sync-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('tells waiters in commit order, those arriving during a sync by the next one, and settles after', async function () {
    const file = join(directory, 'log-wal');
    writeFileSync(file, 'frames');
    const sync = new WalSync(file);
    const told: number[] = [];
    for (const n of [1, 2, 3]) sync.afterCommit(() => told.push(n), () => told.push(-n));
    expect(told).to.deep.equal([]);
    await sync.settled();
    expect(told).to.deep.equal([1, 2, 3]);
    sync.afterCommit(() => told.push(4), () => told.push(-4));
    await sync.settled();
    expect(told).to.deep.equal([1, 2, 3, 4]);
    sync.close();
  });

  it('fails the waiters of a sync that failed, and every later one, without touching the disk again', async function () {
    const sync = new WalSync(join(directory, 'missing-wal'));
    const errors: string[] = [];
    sync.afterCommit(() => errors.push('acknowledged'), (error) => errors.push(`${'code' in error ? String(error.code) : ''}: first`));
    await sync.settled();
    sync.afterCommit(() => errors.push('acknowledged'), (error) => errors.push(`${'code' in error ? String(error.code) : ''}: later`));
    expect(errors).to.deep.equal(['ENOENT: first', 'ENOENT: later']);
  });
});

describe('SqliteEventStore: an append is seen by readers only once it is durable', function () {
  let directory: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'wal-sync-store-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite3'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('between its commit and its sync: not in the head, reads or catch-up; then told to a listener once', async function () {
    const appended = store.append('user-1', [renamed('Ann')], 'no_stream');
    await turn(); // the group commit ran in this turn; the sync completes in a later one
    expect(await store.headPosition()).to.equal(0);
    const read: StoredEvent[] = [];
    for await (const event of store.readAll()) read.push(event);
    expect(read).to.deep.equal([]);
    const told: number[] = [];
    store.subscribe(0, (events) => void told.push(...events.map((event) => event.position)));
    expect(told).to.deep.equal([]);

    expect(await appended).to.deep.equal({ position: 1, revision: 0 });
    expect(await store.headPosition()).to.equal(1);
    expect(told).to.deep.equal([1]);
  });

  it('with synchronous NORMAL (no sync per commit), acknowledges at commit', async function () {
    const bulk = new SqliteEventStore(join(directory, 'bulk.sqlite3'), { synchronous: 'NORMAL' });
    const told: number[] = [];
    bulk.subscribe(0, (events) => void told.push(...events.map((event) => event.position)));
    void bulk.append('user-1', [renamed('Ann')], 'no_stream');
    await turn();
    expect(told).to.deep.equal([1]);
    await bulk.close();
  });

  it('a listener subscribed from a position another reader gave it (past the durable head) is told only what follows', async function () {
    await store.append('user-1', [renamed('Ann')], 'no_stream');
    const second = store.append('user-1', [renamed('Bo')], 0);
    await turn();
    const told: number[] = [];
    store.subscribe(2, (events) => void told.push(...events.map((event) => event.position)));
    await second;
    await store.append('user-1', [renamed('Cy')], 1);
    expect(told).to.deep.equal([3]);
  });
});
