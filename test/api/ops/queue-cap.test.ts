import { expect } from 'chai';
import { expectBadQueue, registerQueue } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('ops: a cap on each user\'s live event queues', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { CHAT_MAX_QUEUES_PER_USER: '3' } });
  });
  after(() => server.stop());

  it('drops the least recently used queue when a user registers past the cap; its client gets BAD_EVENT_QUEUE_ID', async () => {
    const alice = await server.createUser('Alice');
    const first = await registerQueue(alice);
    server.clock.advance(1000);
    const second = await registerQueue(alice);
    server.clock.advance(1000);
    const third = await registerQueue(alice);
    server.clock.advance(1000);
    // The first queue is used again: the second is now the least recently used.
    expect((await alice.get('/events', { queue_id: first.queueId, last_event_id: -1, dont_block: true })).status).to.equal(200);
    server.clock.advance(1000);
    const fourth = await registerQueue(alice);

    expectBadQueue(await alice.get('/events', { queue_id: second.queueId, last_event_id: -1, dont_block: true }), second.queueId);
    for (const kept of [first, third, fourth]) {
      const res = await alice.get('/events', { queue_id: kept.queueId, last_event_id: -1, dont_block: true });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    expect(await server.ctx.queues.stores.queues.queuesOf(alice.userId)).to.have.length(3);
  });

  it('counts each user apart', async () => {
    const bob = await server.createUser('Bob');
    const carol = await server.createUser('Carol');
    for (let i = 0; i < 3; i++) await registerQueue(bob);
    const carols = await registerQueue(carol);
    await registerQueue(bob);
    expect(await server.ctx.queues.stores.queues.queuesOf(bob.userId)).to.have.length(3);
    expect((await carol.get('/events', { queue_id: carols.queueId, last_event_id: -1, dont_block: true })).status).to.equal(200);
  });
});
