import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { type ChainedRow, chainHash, type EventToAppend, GENESIS_HASH, SqliteEventStore, WrongExpectedRevision } from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

type HashedRow = ChainedRow & { hash: string };

const claim = (id: string, owner_id: number): EventToAppend => ({
  id,
  event: { type: 'KeyClaimed', data: { kind: 'email', owner_id } },
  metadata: metadataAt(T0 + owner_id),
});
const renamed = (id: string, user_id: number, full_name: string): EventToAppend => ({
  id,
  event: { type: 'UserRenamed', data: { user_id, full_name } },
  metadata: metadataAt(T0 + user_id),
});

/** Reads the table behind the store's back, as an auditor would. */
function readRows(file: string): HashedRow[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], HashedRow>('SELECT position, stream, revision, id, type, data, metadata, hash FROM events ORDER BY position').all();
  } finally {
    db.close();
  }
}

/** Positions whose stored hash differs from the one recomputed from GENESIS_HASH down the chain. */
function brokenLinks(rows: readonly HashedRow[]): number[] {
  let previous = GENESIS_HASH;
  const broken: number[] = [];
  for (const { hash, ...row } of rows) {
    const expected = chainHash(previous, row);
    if (hash !== expected) broken.push(row.position);
    previous = hash;
  }
  return broken;
}

describe('SQLite event store hash chain', function () {
  let directory: string;
  let file: string;

  beforeEach(function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-chain-'));
    file = join(directory, 'events.sqlite');
  });

  afterEach(function () {
    rmSync(directory, { recursive: true, force: true });
  });

  it('given appends to several streams, links every row to the one before, starting from the genesis hash', async function () {
    const store = new SqliteEventStore(file);
    await store.append('emailclaim-a', [claim('e1', 1)], 'no_stream');
    await store.append('user-1', [renamed('e2', 1, 'A'), renamed('e3', 1, 'B')], 'no_stream');
    await store.append('emailclaim-b', [claim('e4', 2)], 'no_stream');
    await store.append('user-1', [renamed('e5', 1, 'C')], 1);
    await store.close();

    const rows = readRows(file);
    expect(rows.map((row) => row.position)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(rows[0].hash).to.equal(chainHash(GENESIS_HASH, rows[0]));
    expect(rows[0].hash).to.match(/^[0-9a-f]{64}$/);
    expect(brokenLinks(rows)).to.deep.equal([]);
    expect(new Set(rows.map((row) => row.hash)).size).to.equal(5);
  });

  it('given a refused append and a retried one, keeps the chain unbroken', async function () {
    const store = new SqliteEventStore(file);
    await store.append('user-1', [renamed('e1', 1, 'A')], 'no_stream');
    let thrown: unknown;
    try {
      await store.append('user-1', [renamed('e2', 1, 'B')], 'no_stream');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(WrongExpectedRevision);
    expect(await store.append('user-1', [renamed('e1', 1, 'A')], 'no_stream')).to.deep.equal({ position: 1, revision: 0 });
    await store.append('user-1', [renamed('e3', 1, 'C')], 0);
    await store.close();

    const rows = readRows(file);
    expect(rows.map((row) => row.id)).to.deep.equal(['e1', 'e3']);
    expect(brokenLinks(rows)).to.deep.equal([]);
  });

  it('given the store is reopened, continues the chain from the last stored hash', async function () {
    const first = new SqliteEventStore(file);
    await first.append('user-1', [renamed('e1', 1, 'A'), renamed('e2', 1, 'B')], 'no_stream');
    await first.close();
    const second = new SqliteEventStore(file);
    await second.append('user-1', [renamed('e3', 1, 'C')], 1);
    await second.close();

    const rows = readRows(file);
    expect(rows.map((row) => row.position)).to.deep.equal([1, 2, 3]);
    expect(brokenLinks(rows)).to.deep.equal([]);
  });

  it('when a stored row is edited, breaks the link at that row', async function () {
    const store = new SqliteEventStore(file);
    await store.append('user-1', [renamed('e1', 1, 'A'), renamed('e2', 1, 'B'), renamed('e3', 1, 'C')], 'no_stream');
    await store.close();
    const db = new Database(file);
    db.prepare('UPDATE events SET data = ? WHERE position = 2').run(JSON.stringify({ user_id: 1, full_name: 'Mallory' }));
    db.close();

    expect(brokenLinks(readRows(file))).to.deep.equal([2]);
  });
});
