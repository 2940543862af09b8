import { expect } from 'chai';
import Database from 'better-sqlite3';
import type { ApiClient } from '../../support/api-client.js';
import { stringField } from '../../support/json-fields.js';
import { drain, eventsOf, type Queue, registerQueue, waitingPoll } from '../../support/realtime-client.js';
import { expectFailure } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

interface Person {
  user_id: number;
  email: string;
}

describe('realtime: POST /typing', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
  });
  after(() => server.stop());

  const person = (client: ApiClient): Person => ({ user_id: client.userId, email: client.email });
  const byId = (people: Person[]): Person[] => [...people].sort((a, b) => a.user_id - b.user_id);
  const typing = (from: ApiClient, params: Record<string, unknown>) => from.post('/typing', params);
  const queues = (...clients: ApiClient[]): Promise<Queue[]> => Promise.all(clients.map((client) => registerQueue(client)));

  it('start and stop reach every recipient as direct typing events with sender and recipients', async () => {
    const [bobQueue, carolQueue, aliceQueue] = await queues(bob, carol, alice);
    for (const op of ['start', 'stop']) {
      const polls = await Promise.all([waitingPoll(server, bobQueue), waitingPoll(server, carolQueue)]);
      const res = await typing(alice, { op, to: [bob.userId, carol.userId] });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ result: 'success', msg: '' });
      for (const [index, queue] of [bobQueue, carolQueue].entries()) {
        const events = await eventsOf(queue, polls[index]);
        expect(events).to.have.length(1);
        const { id: _id, recipients, ...rest } = events[0];
        expect(rest).to.deep.equal({ type: 'typing', op, message_type: 'direct', sender: person(alice) });
        expect(byId(recipients as Person[])).to.deep.equal(byId([person(alice), person(bob), person(carol)]));
      }
    }
    // The sender is not a recipient here, so she hears nothing.
    expect(await drain(aliceQueue)).to.deep.equal([]);
  });

  it('the sender gets the event when she is among the recipients, listed once', async () => {
    const [aliceQueue, bobQueue] = await queues(alice, bob);
    expect((await typing(alice, { op: 'start', to: [alice.userId, bob.userId] })).status).to.equal(200);
    for (const queue of [aliceQueue, bobQueue]) {
      const events = await drain(queue);
      expect(events.map((event) => event.type)).to.deep.equal(['typing']);
      expect(byId(events[0].recipients as Person[])).to.deep.equal(byId([person(alice), person(bob)]));
    }
  });

  it('a recipient with receives_typing_notifications=false gets nothing; the others do', async () => {
    const quiet = await server.createUser('Quiet');
    expect((await quiet.patch('/settings', { receives_typing_notifications: false })).status).to.equal(200);
    const [quietQueue, bobQueue] = await queues(quiet, bob);
    expect((await typing(alice, { op: 'start', to: [quiet.userId, bob.userId] })).status).to.equal(200);
    expect(await drain(quietQueue)).to.deep.equal([]);
    expect((await drain(bobQueue)).map((event) => event.type)).to.deep.equal(['typing']);
  });

  it('type=private is no longer accepted', async () => {
    expectFailure(await typing(alice, { type: 'private', op: 'start', to: [bob.userId] }), 'BAD_REQUEST', 'private');
  });

  it('op is required', async () => {
    const res = await typing(alice, { to: [bob.userId] });
    expectFailure(res, 'REQUEST_VARIABLE_MISSING', 'op');
    expect(res.body.var_name).to.equal('op');
  });

  it('direct typing needs to', async () => {
    for (const params of [{ op: 'start' }, { type: 'direct', op: 'start' }]) {
      const res = await typing(alice, params);
      expectFailure(res, 'REQUEST_VARIABLE_MISSING', "'to'");
      expect(res.body.var_name).to.equal('to');
    }
  });

  it('an unknown or empty recipient list is refused and nobody hears anything', async () => {
    const [bobQueue] = await queues(bob);
    expectFailure(await typing(alice, { op: 'start', to: [bob.userId, 999_999] }), 'BAD_REQUEST', '999999');
    expectFailure(await typing(alice, { op: 'start', to: [] }), 'BAD_REQUEST', 'to');
    expect(await drain(bobQueue)).to.deep.equal([]);
  });

  it('channel typing without stream_id is refused with a missing channel ID message', async () => {
    for (const type of ['stream', 'channel']) {
      const res = await typing(alice, { type, op: 'start', topic: 'lunch' });
      expectFailure(res, 'BAD_REQUEST', 'stream_id');
      expect(stringField(res.body, 'msg').toLowerCase()).to.contain('channel id');
    }
  });

  it('channel typing with an unknown or unreadable stream_id is refused naming it', async () => {
    for (const type of ['stream', 'channel']) {
      expectFailure(await typing(alice, { type, op: 'start', stream_id: 999_999, topic: 'lunch' }), 'BAD_REQUEST', '999999');
    }
    const created = await bob.post('/users/me/subscriptions', { subscriptions: [{ name: 'bob-private' }], invite_only: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const id = (await bob.get('/get_stream_id', { stream: 'bob-private' })).body.stream_id as number;
    expectFailure(await typing(alice, { type: 'channel', op: 'start', stream_id: id, topic: 'lunch' }), 'BAD_REQUEST', String(id));
  });

  it('channel typing reaches the other subscribers whose clients declared stream_typing_notifications', async () => {
    const subscribed = await alice.post('/users/me/subscriptions', { subscriptions: [{ name: 'lunch-talk' }], principals: [alice.userId, bob.userId] });
    expect(subscribed.status, JSON.stringify(subscribed.body)).to.equal(200);
    const id = (await alice.get('/get_stream_id', { stream: 'lunch-talk' })).body.stream_id as number;
    const modern = await registerQueue(bob, { client_capabilities: { stream_typing_notifications: true, empty_topic_name: true } });
    const older = await registerQueue(bob, { client_capabilities: { stream_typing_notifications: true } });
    const unaware = await registerQueue(bob);
    const [carolQueue, aliceQueue] = await queues(carol, alice);
    expect((await typing(alice, { type: 'channel', op: 'start', stream_id: id, topic: 'soup' })).status).to.equal(200);
    expect((await typing(alice, { type: 'stream', op: 'stop', stream_id: id, topic: '(no topic)' })).status).to.equal(200);
    const strip = (events: Record<string, unknown>[]) => events.map(({ id: _id, ...rest }) => rest);
    const base = { type: 'typing', message_type: 'stream', sender: person(alice), stream_id: id };
    expect(strip(await drain(modern))).to.deep.equal([
      { ...base, op: 'start', topic: 'soup' },
      { ...base, op: 'stop', topic: '' },
    ]);
    expect(strip(await drain(older))).to.deep.equal([
      { ...base, op: 'start', topic: 'soup' },
      { ...base, op: 'stop', topic: 'general chat' },
    ]);
    expect(await drain(unaware)).to.deep.equal([]);
    // Carol is not subscribed; Alice is the sender.
    expect(await drain(carolQueue)).to.deep.equal([]);
    expect(await drain(aliceQueue)).to.deep.equal([]);
  });

  it('a sender with send_private_typing_notifications=false is refused', async () => {
    const shy = await server.createUser('Shy');
    expect((await shy.patch('/settings', { send_private_typing_notifications: false })).status).to.equal(200);
    const [bobQueue] = await queues(bob);
    expectFailure(await typing(shy, { op: 'start', to: [bob.userId] }), 'BAD_REQUEST', 'typing');
    expect(await drain(bobQueue)).to.deep.equal([]);
  });

  it('typing never enters the event log', async () => {
    const count = (): number => {
      const db = new Database(`${server.dataDir}/events.sqlite3`, { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const [bobQueue] = await queues(bob);
    const before = count();
    for (const op of ['start', 'stop', 'start', 'stop']) expect((await typing(alice, { op, to: [bob.userId] })).status).to.equal(200);
    expect(count()).to.equal(before);
    expect((await drain(bobQueue)).map((event) => event.op)).to.deep.equal(['start', 'stop', 'start', 'stop']);
  });
});
