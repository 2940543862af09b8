import { rmSync } from 'node:fs';
import { expect } from 'chai';
import { READ_MODELS_CHECKPOINT, readModelsDigest } from '@chat/projections';
import { MemoryReadStore, SqliteSearchIndex } from '@chat/readstore';
import { openLogReader } from '../../../tools/events/open-log.js';
import { LogReplay } from '../../../tools/events/replay/replay-log.js';
import { runEvents } from '../../support/cli-run.js';
import { loadFixtureLog, USER_TOPICS_V1 } from '../../support/fixture-log.js';

describe('events replay: stopped, then resumed', function () {
  this.timeout(30_000);
  let dataDir: string;

  before(async function () {
    dataDir = await loadFixtureLog(USER_TOPICS_V1);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a replay stopped between events keeps its checkpoint there, and one resumed from it ends with the digest of one run', async function () {
    const whole = await openLogReader({ 'data-dir': dataDir }, {});
    const once = new LogReplay(whole, new MemoryReadStore(), new SqliteSearchIndex(':memory:'));
    await once.to();
    const expected = (await readModelsDigest(once.models)).digest;
    await whole.close();

    const log = await openLogReader({ 'data-dir': dataDir }, {});
    const store = new MemoryReadStore();
    const search = new SqliteSearchIndex(':memory:');
    let applied = 0;
    const stopped = await new LogReplay(log, store, search).to(undefined, undefined, () => ++applied > 12);
    expect(stopped.events).to.equal(12);
    expect(stopped.position).to.equal(12);
    expect(await store.checkpoints.get(READ_MODELS_CHECKPOINT)).to.equal(12);
    const resumed = new LogReplay(log, store, search, stopped.position);
    const done = await resumed.to();
    expect(done.position).to.equal(once.done.position);
    expect(done.events).to.equal(once.done.events - 12);
    expect((await readModelsDigest(resumed.models)).digest).to.equal(expected);
    await log.close();
  });

  it('refuses --resume-after without the MongoDB database it would carry on (a replay into memory is gone)', async function () {
    const run = await runEvents(['replay', '--data-dir', dataDir, '--resume-after', '12']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal('replay: --resume-after carries on a replay into MongoDB: give its --mongo-url and --mongo-db (a replay into memory is gone when it stops)\n');
  });
});
