import { expect } from 'chai';
import { pino } from 'pino';
import type { SqliteEventStore } from '@chat/eventstore';
import { createChannels } from '../../support/channel-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** An error as SQLite reports a write that does not fit. */
const diskFull = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

/**
 * A full disk, injected at the storage port (the log's appends fail as SQLite fails them), so it runs
 * everywhere; test/api/ops/full-disk.test.ts does the same on a real small file system where the
 * kernel allows one.
 */
describe('ops: writes refused for lack of space (fault injected at the log)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let channel: number;
  const lines: string[] = [];
  let log: SqliteEventStore;
  let append: SqliteEventStore['appendStreams'];

  before(async () => {
    server = await startTestServer({ log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });
    [channel] = await createChannels(server.owner, ['Disk']);
    log = server.ctx.writtenLog as SqliteEventStore;
    append = log.appendStreams.bind(log);
  });
  afterEach(() => {
    log.appendStreams = append;
  });
  after(() => server.stop());

  it('answers STORAGE_FULL (503, Retry-After), says why on /ready and in the metrics, serves reads, and recovers with the next write that fits', async () => {
    const kept = await postToChannel(server.owner, channel, 'before', 'kept safe');
    log.appendStreams = () => Promise.reject(diskFull());
    const refused = await server.owner.post('/messages', { type: 'stream', to: channel, topic: 'during', content: 'no room' });
    expect(refused.status).to.equal(503);
    expect(refused.body).to.deep.equal({ result: 'error', code: 'STORAGE_FULL', msg: 'The server is out of storage space: nothing was saved. Try again later.' });
    expect(refused.headers.get('retry-after')).to.equal('30');
    expect((await server.owner.patch('/settings', { full_name: 'Renamed' })).body.code).to.equal('STORAGE_FULL');

    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).to.equal(503);
    expect(await ready.json()).to.deep.include({ status: 'not_ready', reason: 'storage_full', storage: ['log'] });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).to.include('chat_storage_full{area="log"} 1');
    expect(metrics).to.include('chat_storage_full{area="search"} 0');
    expect(metrics).to.include('chat_storage_write_failures_total{area="log"} 2');
    // One line when the log fills, not one per refused request.
    expect(lines.filter((line) => line.includes('no space left'))).to.have.length(1);
    expect(lines.filter((line) => line.includes('request failed'))).to.deep.equal([]);

    const read = expectSuccess(await server.owner.get(`/messages/${kept}`));
    expect((read.message as { content: string }).content).to.equal('<p>kept safe</p>');

    log.appendStreams = append;
    const after = await server.owner.post('/messages', { type: 'stream', to: channel, topic: 'after', content: 'room again' });
    expect(after.status).to.equal(200);
    expect((await fetch(`${server.url}/ready`)).status).to.equal(200);
    expect(await (await fetch(`${server.url}/metrics`)).text()).to.include('chat_storage_full{area="log"} 0');
    expect(lines.filter((line) => line.includes('log writes work again'))).to.have.length(1);
  });

  it('leaves other failures as they were: a 500 that says nothing, and /ready untouched', async () => {
    log.appendStreams = () => Promise.reject(new Error('something else broke'));
    const res = await server.owner.post('/messages', { type: 'stream', to: channel, topic: 'bug', content: 'x' });
    expect(res.status).to.equal(500);
    expect(res.body.code).to.equal('INTERNAL_SERVER_ERROR');
    expect((await fetch(`${server.url}/ready`)).status).to.equal(200);
  });
});
