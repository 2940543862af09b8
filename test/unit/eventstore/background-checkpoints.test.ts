import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BackgroundCheckpoints, SqliteEventStore } from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('eventstore: BackgroundCheckpoints (WAL checkpoints in a thread of their own)', function () {
  this.timeout(30000);
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'checkpoints-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies what the writer committed into the database file, while the writer never checkpoints', async function () {
    const file = join(dir, 'events.sqlite3');
    const store = new SqliteEventStore(file, { checkpointPages: 1_000_000 });
    const append = async (from: number, count: number): Promise<void> => {
      for (let i = from; i < from + count; i++) {
        await store.append(`user-${i}`, [{ id: `e${i}`, event: { type: 'UserRenamed', data: { user_id: i, full_name: `${'n'.repeat(500)}${i}` } }, metadata: metadataAt(T0 + i) }], 'no_stream');
      }
    };
    await append(0, 2000);
    const before = statSync(file).size;
    // Only the WAL holds the events: the database file has not grown with them.
    expect(statSync(`${file}-wal`).size).to.be.above(1_000_000);
    expect(before).to.be.below(200_000);
    const checkpoints = new BackgroundCheckpoints([file], 50);
    try {
      let size = before;
      for (let waited = 0; waited < 10_000 && size < 1_000_000; waited += 100) {
        await settle(100);
        size = statSync(file).size;
      }
      expect(size).to.be.above(1_000_000);
      // The writer goes on as before, and reads see everything.
      await append(2000, 10);
      expect(await store.headPosition()).to.equal(2010);
      expect((await store.readAt([1, 2010])).map((event) => event.position)).to.deep.equal([1, 2010]);
    } finally {
      await checkpoints.close();
      await store.close();
    }
  });

  it('closes cleanly even before its thread has started, and twice', async function () {
    const file = join(dir, 'events.sqlite3');
    const store = new SqliteEventStore(file);
    const checkpoints = new BackgroundCheckpoints([file]);
    await checkpoints.close();
    await checkpoints.close();
    await store.close();
  });
});
