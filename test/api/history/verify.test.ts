import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { chainHash, GENESIS_HASH } from '@chat/eventstore';
import type { HashedRow } from '../../../tools/events/verify/verify-chain.js';
import { type CliRun, runEvents } from '../../support/cli-run.js';
import { createChannels } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { startServerWith } from '../../support/server-with-people.js';

/** Changes the log behind the server's back, as someone with write access to the file could. */
function tamper(dataDir: string, ...statements: string[]): void {
  const db = new Database(join(dataDir, 'events.sqlite3'));
  try {
    db.transaction(() => statements.forEach((sql) => db.prepare(sql).run()))();
  } finally {
    db.close();
  }
}

/** Recomputes every hash, as a forger with write access would after changing rows. */
function rechain(db: Database.Database): void {
  let previous = GENESIS_HASH;
  for (const { hash: _hash, ...row } of db.prepare<[], HashedRow>('SELECT * FROM events ORDER BY position').all()) {
    previous = chainHash(previous, row);
    db.prepare('UPDATE events SET hash = ? WHERE position = ?').run(previous, row.position);
  }
}

const verify = (dataDir: string, ...more: string[]): Promise<CliRun> => runEvents(['verify', '--data-dir', dataDir, ...more]);

describe('events verify: the SQLite log hash chain', function () {
  let original: string;
  let dataDir: string;
  let head: number;

  before(async function () {
    const { server, alice, bob } = await startServerWith('alice', 'bob');
    await createChannels(server.owner, ['General'], { principals: [server.owner.userId, alice.userId, bob.userId] });
    for (let i = 0; i < 5; i++) await postToChannel(alice, 'General', 'chat', `hello ${i}`);
    await postDirect(bob, [alice.userId], 'psst');
    head = await server.ctx.store.headPosition();
    await server.close();
    original = server.dataDir;
  });

  after(() => rmSync(original, { recursive: true, force: true }));

  beforeEach(function () {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-verify-'));
    cpSync(original, dataDir, { recursive: true });
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('passes on the log a server wrote, printing the events checked and the head hash', async function () {
    const run = await verify(dataDir);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.match(new RegExp(`^verified ${head} events in \\d+ streams; head position ${head}, hash [0-9a-f]{64}\\n$`));
  });

  it("fails at a row whose data was edited without fixing the hashes", async function () {
    tamper(dataDir, `UPDATE events SET data = json_set(data, '$.content', 'forged') WHERE position = ${head}`);
    const run = await verify(dataDir);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal(
      `FAILED at position ${head}: hash does not match: the row's content was changed, or it is not where it was written (${head - 1} events before it verified)\n`,
    );
  });

  it('fails at the position of a deleted row', async function () {
    tamper(dataDir, 'DELETE FROM events WHERE position = 5');
    const run = await verify(dataDir);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('FAILED at position 5: position 5 is missing: the row after position 4 is at 6 (4 events before it verified)\n');
  });

  it('fails at the first of two rows whose positions were swapped', async function () {
    tamper(dataDir, 'UPDATE events SET position = -1 WHERE position = 7', 'UPDATE events SET position = 7 WHERE position = 8', 'UPDATE events SET position = 8 WHERE position = -1');
    const run = await verify(dataDir);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(/^FAILED at position 7: hash does not match/);
  });

  it('fails where a stream skips a revision, even when the whole chain was recomputed', async function () {
    const db = new Database(join(dataDir, 'events.sqlite3'));
    const last = db.prepare<[], HashedRow>('SELECT * FROM events WHERE revision > 0 ORDER BY position DESC LIMIT 1').get();
    if (!last) throw new Error('the history has no stream with two events');
    db.prepare('UPDATE events SET revision = revision + 1 WHERE position = ?').run(last.position);
    // A recomputed chain is what a bare chain cannot catch: here the revision rule does.
    rechain(db);
    db.close();
    const run = await verify(dataDir);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(new RegExp(`^FAILED at position ${last.position}: stream ${last.stream} has revision ${last.revision + 1} where ${last.revision} was due`));
  });

  it('seals the head, and a later check against the seal passes while the log only grows', async function () {
    const sealFile = join(dataDir, 'seal.json');
    const sealed = await verify(dataDir, '--seal', '--out', sealFile);
    expect(sealed.code).to.equal(0);
    const seal = JSON.parse(sealed.stdout) as Record<string, unknown>;
    expect(seal).to.have.keys('position', 'hash', 'sealed_at', 'mac');
    expect(seal.position).to.equal(head);
    const run = await verify(dataDir, '--against', sealFile);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.contain(`the log extends the seal of position ${head} made at ${String(seal.sealed_at)}\n`);
  });

  it('fails against a seal once the tail was removed, which the chain alone cannot see', async function () {
    const sealFile = join(dataDir, 'seal.json');
    expect((await verify(dataDir, '--seal', '--out', sealFile)).code).to.equal(0);
    tamper(dataDir, `DELETE FROM events WHERE position >= ${head - 1}`);
    expect((await verify(dataDir)).code).to.equal(0);
    const run = await verify(dataDir, '--against', sealFile);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(new RegExp(`: the log ends at position ${head - 2}, before the sealed position ${head}: its tail was removed\\n$`));
  });

  it('fails against a seal once a row before it was edited and the whole chain recomputed', async function () {
    const sealFile = join(dataDir, 'seal.json');
    expect((await verify(dataDir, '--seal', '--out', sealFile)).code).to.equal(0);
    const db = new Database(join(dataDir, 'events.sqlite3'));
    db.prepare(`UPDATE events SET data = json_set(data, '$.content', 'forged') WHERE position = ${head}`).run();
    rechain(db);
    db.close();
    expect((await verify(dataDir)).code).to.equal(0);
    const run = await verify(dataDir, '--against', sealFile);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(new RegExp(`: position ${head} has hash [0-9a-f]{64}, not the sealed [0-9a-f]{64}: the log was rewritten up to there\n$`));
  });

  it('refuses a seal that was changed', async function () {
    const sealFile = join(dataDir, 'seal.json');
    const seal = JSON.parse((await verify(dataDir, '--seal')).stdout) as { position: number };
    writeFileSync(sealFile, JSON.stringify({ ...seal, position: seal.position - 1 }));
    const run = await verify(dataDir, '--against', sealFile);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(/was not made with this server's secret, or was changed/);
  });
});
