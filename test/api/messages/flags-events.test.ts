import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, eventsOf, type Queue, registerQueue, waitingPoll } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const FLAG_EVENTS = { event_types: ['update_message_flags'] };

describe('update_message_flags events', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let generalId: number, quietId: number;
  let topicSerial = 0;
  const post = (content = 'hello', channel = 'general', topic = `topic ${++topicSerial}`) => postToChannel(alice, channel, topic, content);

  /** Bob's change, seen by a poll waiting on his queue: the one event it brings (nothing else follows). */
  async function bobsEvent(queue: Queue, act: () => Promise<unknown>): Promise<Record<string, unknown>> {
    const poll = await waitingPoll(server, queue);
    await act();
    const events = [...(await eventsOf(queue, poll)), ...(await drain(queue))];
    expect(events, JSON.stringify(events)).to.have.length(1);
    const { id, ...event } = events[0];
    expect(id).to.be.a('number');
    return event;
  }

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [generalId, quietId] = await createChannels(alice, ['general', 'quiet']);
    expectSuccess(await subscribe(bob, ['general', 'quiet']));
    expectSuccess(await bob.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: quietId, property: 'is_muted', value: true }] }));
    // Otherwise a mention makes Bob follow the topic, which unmutes it.
    expectSuccess(await bob.patch('/settings', { automatically_follow_topics_where_mentioned: false }));
  });
  after(() => server.stop());

  it("reaches every queue of the user and nobody else's, with op, operation, flag, messages and all", async () => {
    const m = await post();
    const [bobWeb, bobPhone, aliceQueue] = [await registerQueue(bob, FLAG_EVENTS), await registerQueue(bob), await registerQueue(alice)];
    const event = await bobsEvent(bobWeb, () => updateFlags(bob, [m], 'add', 'starred'));
    const expected = { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [m], all: false };
    expect(event).to.deep.equal(expected);
    const [onPhone] = await drain(bobPhone);
    expect({ ...onPhone, id: undefined }).to.deep.equal({ ...expected, id: undefined });
    expect(await drain(aliceQueue)).to.deep.equal([]);
    expect(await bobsEvent(bobWeb, () => updateFlags(bob, [m], 'remove', 'starred'))).to.deep.equal({ ...expected, op: 'remove', operation: 'remove' });
  });

  it('lists only the messages whose flag changed, in the order named', async () => {
    const [m1, m2, m3] = [await post(), await post(), await post()];
    expectSuccess(await updateFlags(bob, [m2], 'add', 'read'));
    const queue = await registerQueue(bob, FLAG_EVENTS);
    const event = await bobsEvent(queue, () => updateFlags(bob, [m3, m2, m1], 'add', 'read'));
    expect(event).to.deep.equal({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [m3, m1], all: false });
  });

  it('sends nothing when no flag changes', async () => {
    const m = await post();
    expectSuccess(await updateFlags(bob, [m], 'add', 'collapsed'));
    const queue = await registerQueue(bob, FLAG_EVENTS);
    expectSuccess(await updateFlags(bob, [m], 'add', 'collapsed'));
    expectSuccess(await updateFlags(bob, [m], 'remove', 'starred'));
    expect(await drain(queue)).to.deep.equal([]);
  });

  it('marking unread carries message_details: channel topic and mention, other participants of direct messages', async () => {
    const topic = 'details';
    const mentioned = await post('hi @**Bob**', 'general', topic);
    const plain = await post('hi all', 'general', topic);
    const wildcard = await post('hi @**all**', 'general', topic);
    const direct = await postDirect(alice, [bob.userId], 'hi bob');
    const group = await postDirect(alice, [bob.userId, carol.userId], 'hi both');
    const self = await postDirect(bob, [bob.userId], 'note to self');
    const ids = [mentioned, plain, wildcard, direct, group, self];
    expectSuccess(await updateFlags(bob, ids, 'add', 'read'));
    const queue = await registerQueue(bob, FLAG_EVENTS);
    const event = await bobsEvent(queue, () => updateFlags(bob, ids, 'remove', 'read'));
    const inGeneral = { type: 'stream', stream_id: generalId, topic, unmuted_stream_msg: true };
    expect(event).to.deep.equal({
      type: 'update_message_flags',
      op: 'remove',
      operation: 'remove',
      flag: 'read',
      messages: ids,
      all: false,
      message_details: {
        [mentioned]: { ...inGeneral, mentioned: true },
        [plain]: inGeneral,
        [wildcard]: { ...inGeneral, mentioned: true },
        [direct]: { type: 'private', user_ids: [alice.userId] },
        [group]: { type: 'private', user_ids: [alice.userId, carol.userId].sort((a, b) => a - b) },
        [self]: { type: 'private', user_ids: [] },
      },
    });
  });

  it('in a muted channel: not unmuted, wildcard mentions do not count, direct ones do; an unmuted topic counts', async () => {
    const wildcard = await post('hi @**all**', 'quiet', 'hush');
    const mentioned = await post('hi @**Bob**', 'quiet', 'hush');
    const loud = await post('hi @**all**', 'quiet', 'loud');
    expectSuccess(await bob.post('/user_topics', { stream_id: quietId, topic: 'loud', visibility_policy: 2 }));
    const ids = [wildcard, mentioned, loud];
    expectSuccess(await updateFlags(bob, ids, 'add', 'read'));
    const queue = await registerQueue(bob, FLAG_EVENTS);
    const event = await bobsEvent(queue, () => updateFlags(bob, ids, 'remove', 'read'));
    expect(event.message_details).to.deep.equal({
      [wildcard]: { type: 'stream', stream_id: quietId, topic: 'hush', unmuted_stream_msg: false },
      [mentioned]: { type: 'stream', stream_id: quietId, topic: 'hush', unmuted_stream_msg: false, mentioned: true },
      [loud]: { type: 'stream', stream_id: quietId, topic: 'loud', unmuted_stream_msg: true, mentioned: true },
    });
  });

  it('spells the empty topic of message_details as each queue asked (empty_topic_name or its display name)', async () => {
    const m = await post('no topic here', 'general', '');
    expectSuccess(await updateFlags(bob, [m], 'add', 'read'));
    const modern = await registerQueue(bob, { ...FLAG_EVENTS, client_capabilities: { empty_topic_name: true } });
    const legacy = await registerQueue(bob, FLAG_EVENTS);
    const event = await bobsEvent(modern, () => updateFlags(bob, [m], 'remove', 'read'));
    expect(event.message_details).to.deep.equal({ [m]: { type: 'stream', stream_id: generalId, topic: '', unmuted_stream_msg: true } });
    const [legacyEvent] = await drain(legacy);
    expect(legacyEvent.message_details).to.deep.equal({ [m]: { type: 'stream', stream_id: generalId, topic: 'general chat', unmuted_stream_msg: true } });
    expect(await drain(legacy)).to.deep.equal([]);
  });

  it('brings a historical message into the history with the event as for any other', async () => {
    const old = await post('before carol');
    expectSuccess(await subscribe(carol, ['general']));
    const queue = await registerQueue(carol, FLAG_EVENTS);
    const poll = await waitingPoll(server, queue);
    expectSuccess(await updateFlags(carol, [old], 'add', 'starred'));
    const [event] = await eventsOf(queue, poll);
    expect(event).to.include({ type: 'update_message_flags', op: 'add', flag: 'starred', all: false });
    expect(event.messages).to.deep.equal([old]);
    // Marking it read changes nothing: no event.
    expectSuccess(await updateFlags(carol, [old], 'add', 'read'));
    expect(await drain(queue)).to.deep.equal([]);
  });
});
