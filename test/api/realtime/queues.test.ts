import { expect } from 'chai';
import { ApiClient } from '../../support/api-client.js';
import { drain, eventsOf, expectBadQueue, registerQueue, sleep, startPoll, waitingPoll } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const HEARTBEAT_MS = 200;
const IDLE_MS = 60_000;

describe('realtime: queue lifecycle', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;

  before(async () => {
    server = await startTestServer({ env: { CHAT_HEARTBEAT_MS: String(HEARTBEAT_MS), CHAT_QUEUE_IDLE_MS: String(IDLE_MS) } });
    alice = await server.createUser('Alice');
    bob = await server.createUser('Bob');
  });
  after(() => server.stop());

  const getEvents = (client: ApiClient, queueId: string) => client.get('/events', { queue_id: queueId, dont_block: true });

  describe('heartbeat', () => {
    it('a waiting poll with nothing to say gets a heartbeat after CHAT_HEARTBEAT_MS', async () => {
      const queue = await registerQueue(alice);
      const started = Date.now();
      const poll = startPoll(queue);
      await sleep(HEARTBEAT_MS / 2);
      expect(poll.settled(), 'no heartbeat before the period').to.equal(false);
      const events = await eventsOf(queue, poll);
      expect(Date.now() - started).to.be.at.least(HEARTBEAT_MS - 20);
      expect(events).to.have.length(1);
      expect(events[0]).to.deep.equal({ type: 'heartbeat', id: events[0].id });
      // The heartbeat is acknowledged like any event and not returned again.
      expect(await drain(queue)).to.deep.equal([]);
    });

    it("a heartbeat goes only to the queue whose poll waited, not to the user's other queues", async () => {
      const [waiting, other] = [await registerQueue(alice), await registerQueue(alice)];
      const events = await eventsOf(waiting, startPoll(waiting));
      expect(events.map((event) => event.type)).to.deep.equal(['heartbeat']);
      expect(await drain(other)).to.deep.equal([]);
    });
  });

  describe('garbage collection', () => {
    it('a queue idle past CHAT_QUEUE_IDLE_MS is dropped: BAD_EVENT_QUEUE_ID with queue_id', async () => {
      const queue = await registerQueue(alice);
      server.clock.advance(IDLE_MS + 1);
      expectBadQueue(await getEvents(alice, queue.queueId), queue.queueId);
      expect(await server.ctx.queues.stores.queues.get(queue.queueId)).to.equal(null);
    });

    it('each request restarts the idle period', async () => {
      const queue = await registerQueue(alice);
      server.clock.advance(IDLE_MS - 1000);
      expect((await getEvents(alice, queue.queueId)).status).to.equal(200);
      server.clock.advance(IDLE_MS - 1000);
      expect((await getEvents(alice, queue.queueId)).status).to.equal(200);
    });

    it('a queue whose poll is waiting is not idle', async () => {
      const queue = await registerQueue(bob);
      const poll = await waitingPoll(server, queue);
      server.clock.advance(IDLE_MS * 2);
      expect(await server.ctx.queues.collectIdle()).to.be.a('number');
      expect(await server.ctx.queues.stores.queues.get(queue.queueId)).to.not.equal(null);
      expect((await eventsOf(queue, poll)).map((event) => event.type)).to.deep.equal(['heartbeat']);
    });
  });

  describe('DELETE /events and bad queue ids', () => {
    it('DELETE drops the queue; then GET and DELETE both give BAD_EVENT_QUEUE_ID', async () => {
      const queue = await registerQueue(alice);
      const deleted = await alice.delete('/events', { queue_id: queue.queueId });
      expect(deleted.status).to.equal(200);
      expect(deleted.body).to.deep.equal({ result: 'success', msg: '' });
      expectBadQueue(await getEvents(alice, queue.queueId), queue.queueId);
      expectBadQueue(await alice.delete('/events', { queue_id: queue.queueId }), queue.queueId);
    });

    it('DELETE answers a poll waiting on the queue', async () => {
      const queue = await registerQueue(alice);
      const poll = await waitingPoll(server, queue);
      expect((await alice.delete('/events', { queue_id: queue.queueId })).status).to.equal(200);
      expect(await eventsOf(queue, poll)).to.deep.equal([]);
    });

    it('an unknown queue id gives BAD_EVENT_QUEUE_ID', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectBadQueue(await getEvents(alice, unknown), unknown);
      expectBadQueue(await alice.delete('/events', { queue_id: unknown }), unknown);
    });

    it("another user's queue id gives BAD_EVENT_QUEUE_ID and leaves the queue alone", async () => {
      const queue = await registerQueue(alice);
      expectBadQueue(await getEvents(bob, queue.queueId), queue.queueId);
      expectBadQueue(await bob.delete('/events', { queue_id: queue.queueId }), queue.queueId);
      expect((await getEvents(alice, queue.queueId)).status).to.equal(200);
    });

    it('GET /events without queue_id is refused', async () => {
      const res = await alice.get('/events', {});
      expect(res.status).to.equal(400);
      expect(res.body.result).to.equal('error');
    });

    it('GET /events with a wrong key or none is refused 401 with the challenge, as every endpoint is', async () => {
      const queue = await registerQueue(alice);
      const wrongKey = await alice.withCredentials(alice.email, 'not-the-key').get('/events', { queue_id: queue.queueId });
      expect(wrongKey.status).to.equal(401);
      expect(wrongKey.body).to.deep.equal({ result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' });
      expect(wrongKey.headers.get('www-authenticate')).to.equal('Basic realm="chat"');
      const anonymous = await new ApiClient(server.url, null).get('/events', { queue_id: queue.queueId });
      expect(anonymous.status).to.equal(401);
      expect(anonymous.body.code).to.equal('UNAUTHORIZED');
    });

    it('GET /events reports parameters it does not take', async () => {
      const queue = await registerQueue(alice);
      const res = await alice.get('/events', { queue_id: queue.queueId, dont_block: true, colour: 'blue' });
      expect(res.status).to.equal(200);
      expect(res.body.ignored_parameters_unsupported).to.deep.equal(['colour']);
    });
  });

  describe('graceful restart', () => {
    it('a queue and its unacknowledged events survive a restart', async () => {
      const queue = await registerQueue(bob);
      const typed = await alice.post('/typing', { op: 'start', to: [bob.userId] });
      expect(typed.status).to.equal(200);
      server = await server.restart();
      queue.client = new ApiClient(server.url, bob.credentials);
      const events = await drain(queue);
      expect(events).to.have.length(1);
      expect(events[0]).to.deep.include({ type: 'typing', op: 'start', sender: { user_id: alice.userId, email: alice.email } });
      // Still a live queue: new events reach its waiting poll.
      const poll = await waitingPoll(server, queue);
      const aliceAgain = new ApiClient(server.url, alice.credentials);
      expect((await aliceAgain.post('/typing', { op: 'stop', to: [bob.userId] })).status).to.equal(200);
      expect((await eventsOf(queue, poll)).map((event) => event.op)).to.deep.equal(['stop']);
    });
  });
});
