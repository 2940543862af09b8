import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { chainHash, GENESIS_HASH, hashedSqliteRows, SqliteEventStore } from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

describe('eventstore: hashedSqliteRows (the rows verify walks)', function () {
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hashed-rows-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every row in position order with the hash it was written with', async function () {
    const file = join(dir, 'events.sqlite3');
    const store = new SqliteEventStore(file);
    for (const user_id of [1, 2]) {
      await store.append(`user-${user_id}`, [{ id: `e${user_id}`, event: { type: 'UserRenamed', data: { user_id, full_name: `U${user_id}` } }, metadata: metadataAt(T0) }], 'no_stream');
    }
    await store.close();
    const rows = [...hashedSqliteRows(file)];
    expect(rows.map((row) => [row.position, row.stream, row.revision])).to.deep.equal([[1, 'user-1', 0], [2, 'user-2', 0]]);
    const { hash: first, ...row } = rows[0];
    expect(first).to.equal(chainHash(GENESIS_HASH, row));
  });

  it('reads a file without the events table as an empty log, and refuses a missing file', function () {
    const file = join(dir, 'events.sqlite3');
    new Database(file).close();
    expect([...hashedSqliteRows(file)]).to.deep.equal([]);
    expect(() => [...hashedSqliteRows(join(dir, 'none.sqlite3'))]).to.throw(`No event log at ${join(dir, 'none.sqlite3')}`);
  });
});
