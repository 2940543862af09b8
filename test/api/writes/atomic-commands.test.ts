import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { type ChainedRow, chainHash, GENESIS_HASH } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * A command that writes several streams commits all of them or none. Creating a channel reserves its
 * name (a claim stream) and records the channel (its own stream); a failure injected into the log
 * between the two (a trigger refusing the channel stream's insert) must leave neither behind.
 */
describe('atomic commands: a failure between the streams of one command leaves nothing of it', () => {
  let server: TestServer;
  let side: Database.Database;

  before(async () => {
    server = await startTestServer();
    side = new Database(join(server.dataDir, 'events.sqlite3'));
  });
  after(async () => {
    side.close();
    await server.stop();
  });

  const create = (name: string) => server.owner.post('/users/me/subscriptions', { subscriptions: [{ name }] });

  it('stores neither the name reservation nor the channel, and the name can be created afterwards', async () => {
    const head = await server.ctx.store.headPosition();
    side.exec(`CREATE TRIGGER refuse_channels BEFORE INSERT ON events WHEN NEW.stream LIKE 'channel-%'
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    const failed = await create('atomic');
    side.exec('DROP TRIGGER refuse_channels');

    expect(failed.status).to.equal(500);
    expect(await server.ctx.store.headPosition()).to.equal(head);
    const rows = side.prepare('SELECT COUNT(*) AS n FROM events WHERE position > ?').get(head) as { n: number };
    expect(rows.n).to.equal(0);
    expect(await server.ctx.models.channels.findOne('name_key', 'atomic')).to.equal(undefined);

    const created = await create('atomic');
    expect(created.status).to.equal(200);
    expect(created.body.subscribed).to.deep.equal({ [String(server.owner.userId)]: ['atomic'] });
    const types = (side.prepare('SELECT type FROM events WHERE position > ? ORDER BY position').all(head) as { type: string }[]).map((row) => row.type);
    expect(types).to.include.members(['KeyClaimed', 'ChannelCreated']);
  });

  it('keeps the hash chain whole across the failed command', async () => {
    const rows = side.prepare('SELECT position, stream, revision, id, type, data, metadata, hash FROM events ORDER BY position').all() as (ChainedRow & { hash: string })[];
    let previous = GENESIS_HASH;
    rows.forEach((row, index) => {
      expect(row.position).to.equal(index + 1);
      expect(row.hash).to.equal(chainHash(previous, row));
      previous = row.hash;
    });
    expect(await server.ctx.store.headPosition()).to.equal(rows.length);
  });
});
