import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { clientEventSchemaNames, eventProblems } from '../../support/event-schemas.js';
import {
  allEventsOf,
  drain,
  eventsOf,
  ofType,
  type Queue,
  registerQueue,
  sleep,
  startPoll,
  waitingPoll,
} from '../../support/realtime-client.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const MODERN = { client_capabilities: { user_settings_object: true } };

describe('realtime: delivery of events to waiting polls', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
  });
  after(() => server.stop());

  const typeTo = async (from: ApiClient, to: ApiClient, op = 'start') => {
    const res = await from.post('/typing', { op, to: [to.userId] });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  it('has a schema for every client event of this feature, and the schemas reject malformed events', () => {
    expect(clientEventSchemaNames()).to.include.members([
      'heartbeat',
      'typing',
      'realm_user.add',
      'realm_user.update',
      'user_settings.update',
      'update_display_settings',
      'update_global_notifications',
      'custom_profile_fields',
      'realm.update_dict',
    ]);
    expect(eventProblems({ type: 'heartbeat', id: 3 })).to.deep.equal([]);
    expect(eventProblems({ type: 'heartbeat' })).to.not.deep.equal([]);
    expect(eventProblems({ type: 'realm_user', op: 'update', id: 1, person: { user_id: 2, full_name: 'X', role: 400 } })).to.not.deep.equal([]);
    expect(eventProblems({ type: 'user_settings', op: 'update', id: 1, property: 'default_language', value: 'de' })).to.not.deep.equal([]);
    expect(eventProblems({ type: 'no_such_event', id: 1 })).to.not.deep.equal([]);
  });

  it('a timezone change reaches the waiting poll of every user, as a realm_user update', async () => {
    const queues = await Promise.all([alice, bob, carol, server.owner].map((client) => registerQueue(client, MODERN)));
    const polls = await Promise.all(queues.map((queue) => waitingPoll(server, queue)));
    const res = await alice.patch('/settings', { timezone: 'Asia/Tokyo' });
    expect(res.status).to.equal(200);
    for (const [index, queue] of queues.entries()) {
      const events = await allEventsOf(queue, polls[index]);
      expect(ofType(events, 'realm_user', 'update').map((event) => event.person)).to.deep.equal([
        { user_id: alice.userId, email: alice.email, timezone: 'Asia/Tokyo' },
      ]);
      // Only Alice hears about her own settings.
      expect(ofType(events, 'user_settings')).to.have.length(queue.client === alice ? 1 : 0);
    }
  });

  it("a personal setting reaches only that user's poll", async () => {
    const [mine, theirs] = await Promise.all([registerQueue(alice, MODERN), registerQueue(bob, MODERN)]);
    const [minePoll, theirPoll] = await Promise.all([waitingPoll(server, mine), waitingPoll(server, theirs)]);
    expect((await alice.patch('/settings', { twenty_four_hour_time: true })).status).to.equal(200);
    expect((await eventsOf(mine, minePoll)).map(({ type, op, property, value }) => ({ type, op, property, value }))).to.deep.equal([
      { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
    ]);
    await sleep(100);
    expect(theirPoll.settled(), "Bob's poll must not be woken by Alice's setting").to.equal(false);
    // Something for Bob ends his poll; the setting is not among what he gets.
    await typeTo(carol, bob);
    const bobs = await allEventsOf(theirs, theirPoll);
    expect(bobs.map((event) => event.type)).to.deep.equal(['typing']);
  });

  it("typing to Bob reaches Bob's poll and not Carol's", async () => {
    const [bobQueue, carolQueue] = await Promise.all([registerQueue(bob), registerQueue(carol)]);
    const [bobPoll, carolPoll] = await Promise.all([waitingPoll(server, bobQueue), waitingPoll(server, carolQueue)]);
    await typeTo(alice, bob);
    const [event] = await eventsOf(bobQueue, bobPoll);
    expect(event).to.include({ type: 'typing', op: 'start', message_type: 'direct' });
    expect(event.sender).to.deep.equal({ user_id: alice.userId, email: alice.email });
    await sleep(100);
    expect(carolPoll.settled()).to.equal(false);
    await typeTo(alice, carol, 'stop');
    const carols = await allEventsOf(carolQueue, carolPoll);
    expect(carols.map((e) => [e.type, e.op])).to.deep.equal([['typing', 'stop']]);
  });

  it('a poll with nothing to return blocks, then answers when an event arrives', async () => {
    const queue = await registerQueue(bob);
    const poll = startPoll(queue);
    await sleep(100);
    expect(poll.settled(), 'the poll must still be waiting').to.equal(false);
    await typeTo(alice, bob);
    const events = await eventsOf(queue, poll);
    expect(events.map((event) => event.type)).to.deep.equal(['typing']);
  });

  it('dont_block=true answers at once with an empty list', async () => {
    const queue = await registerQueue(bob);
    const started = Date.now();
    const res = await bob.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true });
    expect(Date.now() - started).to.be.below(1000);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ result: 'success', msg: '', events: [], queue_id: queue.queueId });
  });

  it('events up to last_event_id are acknowledged and never returned again', async () => {
    const queue = await registerQueue(bob);
    const initial = queue.lastEventId;
    for (const op of ['start', 'stop', 'start']) await typeTo(alice, bob, op);
    const all = await drain(queue);
    expect(all.map((event) => event.op)).to.deep.equal(['start', 'stop', 'start']);
    // Asking again from the registration point still returns them: nothing was acknowledged yet.
    queue.lastEventId = initial;
    expect((await drain(queue)).map((event) => event.id)).to.deep.equal(all.map((event) => event.id));
    // Acknowledge the first two; only the third comes back.
    queue.lastEventId = all[1].id;
    expect((await drain(queue)).map((event) => event.id)).to.deep.equal([all[2].id]);
    expect(await drain(queue)).to.deep.equal([]);
    // An older last_event_id cannot bring acknowledged events back.
    queue.lastEventId = initial;
    expect(await drain(queue)).to.deep.equal([]);
  });

  it('two queues of the same user both receive the event', async () => {
    const queues: Queue[] = [await registerQueue(bob), await registerQueue(bob)];
    expect(queues[0].queueId).to.not.equal(queues[1].queueId);
    const polls = await Promise.all(queues.map((queue) => waitingPoll(server, queue)));
    await typeTo(carol, bob);
    for (const [index, queue] of queues.entries()) {
      const events = await eventsOf(queue, polls[index]);
      expect(events.map((event) => [event.type, (event.sender as { user_id: number }).user_id])).to.deep.equal([['typing', carol.userId]]);
    }
  });
});
