import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessages } from '../../support/bot-messages.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { flagsOn, unreadIds, updateFlags, updateFlagsForNarrow } from '../../support/flag-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, eventsOf, registerQueue, waitingPoll } from '../../support/realtime-client.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const FLAG_EVENTS = { event_types: ['update_message_flags'] };

describe('flags on many messages', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let serial = 0;

  /** A new channel of Alice's that Bob is subscribed to, and the notification bot's notice it starts with. */
  async function freshChannel(): Promise<{ id: number; name: string; notice: number }> {
    const name = `room ${++serial}`;
    const [id] = await createChannels(alice, [name]);
    expectSuccess(await subscribe(bob, [name]));
    return { id, name, notice: await noticeIn(id) };
  }

  /** The notification bot's "channel events" notice a channel starts with. */
  async function noticeIn(channelId: number): Promise<number> {
    const notices = (await botMessages(server)).filter((data) => (data.recipient as { channel_id?: number }).channel_id === channelId);
    expect(notices).to.have.length(1);
    return notices[0].message_id as number;
  }

  /** Alice's messages to a channel's topics, one per topic named. */
  async function postAll(channel: string, topics: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const topic of topics) ids.push(await postToChannel(alice, channel, topic, `in ${topic}`));
    return ids;
  }

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
  });
  after(() => server.stop());

  describe('POST /messages/flags/narrow', () => {
    it('marks a channel narrow read from the oldest message and reports the window; again, nothing changes', async () => {
      const { id, notice } = await freshChannel();
      const [m1, m2, m3] = await postAll(String(id), ['a', 'b', 'a']);
      const body = expectSuccess(await updateFlagsForNarrow(bob, [{ operator: 'channel', operand: id }], 'add', 'read'));
      // The channel's notice, older than bob's subscription, is in the narrow and already read for him.
      expect(body).to.deep.equal({
        result: 'success',
        msg: '',
        processed_count: 4,
        updated_count: 3,
        first_processed_id: notice,
        last_processed_id: m3,
        found_oldest: true,
        found_newest: true,
      });
      for (const m of [m1, m2, m3]) expect(await flagsOn(bob, m)).to.deep.equal(['read']);
      expect(await unreadIds(bob)).to.not.include.members([m1]);
      const again = expectSuccess(await updateFlagsForNarrow(bob, [{ operator: 'channel', operand: id }], 'add', 'read'));
      expect(again).to.include({ processed_count: 4, updated_count: 0 });
    });

    it('takes the window around the anchor: newest, an id with or without it, first_unread', async () => {
      const { name } = await freshChannel();
      const [m1, m2, m3] = await postAll(name, ['a', 'a', 'a']);
      const narrow = [['channel', name]];
      const newest = expectSuccess(await updateFlagsForNarrow(bob, narrow, 'add', 'starred', { anchor: 'newest', num_before: 2, num_after: 0 }));
      expect(newest).to.include({ processed_count: 2, updated_count: 2, first_processed_id: m2, last_processed_id: m3, found_oldest: false, found_newest: true });
      expect(await flagsOn(bob, m1)).to.deep.equal([]);
      const afterAnchor = expectSuccess(await updateFlagsForNarrow(bob, narrow, 'add', 'collapsed', { anchor: m2, include_anchor: false, num_before: 0, num_after: 5 }));
      expect(afterAnchor).to.include({ processed_count: 1, first_processed_id: m3, last_processed_id: m3, found_newest: true });
      expect(await flagsOn(bob, m2)).to.deep.equal(['starred']);
      expectSuccess(await updateFlags(bob, [m1], 'add', 'read'));
      const firstUnread = expectSuccess(await updateFlagsForNarrow(bob, narrow, 'add', 'read', { anchor: 'first_unread', num_before: 0, num_after: 0 }));
      expect(firstUnread).to.include({ processed_count: 1, updated_count: 1, first_processed_id: m2, last_processed_id: m2 });
      expect(await flagsOn(bob, m3)).to.deep.equal(['collapsed', 'starred']);
    });

    it('an empty window answers null ids', async () => {
      const { name } = await freshChannel();
      const body = expectSuccess(await updateFlagsForNarrow(bob, [['channel', name], ['topic', 'nothing here']], 'add', 'read'));
      expect(body).to.deep.equal({ result: 'success', msg: '', processed_count: 0, updated_count: 0, first_processed_id: null, last_processed_id: null, found_oldest: true, found_newest: true });
    });

    it('narrows by topic (either term form) and by flag', async () => {
      const { id, name, notice } = await freshChannel();
      const [a1, b1, a2] = await postAll(name, ['Lunch', 'dinner', 'lunch']);
      const topic = expectSuccess(await updateFlagsForNarrow(bob, [{ operator: 'stream', operand: id }, ['topic', 'LUNCH']], 'add', 'starred'));
      expect(topic).to.include({ processed_count: 2, updated_count: 2, first_processed_id: a1, last_processed_id: a2 });
      expect(await flagsOn(bob, b1)).to.deep.equal([]);
      const starred = expectSuccess(await updateFlagsForNarrow(bob, [['is', 'starred'], ['channel', name]], 'remove', 'starred'));
      expect(starred).to.include({ processed_count: 2, updated_count: 2 });
      expect(await flagsOn(bob, a1)).to.deep.equal([]);
      const unread = expectSuccess(await updateFlagsForNarrow(bob, [['channel', name], { operator: 'is', operand: 'unread', negated: true }], 'add', 'read'));
      expect(unread).to.include({ processed_count: 1, updated_count: 0, first_processed_id: notice, last_processed_id: notice });
    });

    it('with an empty narrow, works on all of the user’s history', async () => {
      const { name } = await freshChannel();
      await postAll(name, ['x']);
      const direct = await postDirect(alice, [bob.userId], 'hello');
      const body = expectSuccess(await updateFlagsForNarrow(bob, [], 'add', 'read', { anchor: 'newest', num_before: 1000, num_after: 0 }));
      expect(body.last_processed_id).to.equal(direct);
      expect(await unreadIds(bob)).to.deep.equal([]);
    });

    it('marking unread in a channel the user is not subscribed to changes nothing and names it; starring there brings the messages into the history', async () => {
      const [lobbyId] = await createChannels(alice, [`lobby ${++serial}`]);
      const notice = await noticeIn(lobbyId);
      const [m1, m2] = await postAll(String(lobbyId), ['news', 'news']);
      const unread = expectSuccess(await updateFlagsForNarrow(bob, [['channel', lobbyId]], 'remove', 'read'));
      expect(unread).to.deep.equal({
        result: 'success',
        msg: '',
        processed_count: 3,
        updated_count: 0,
        first_processed_id: notice,
        last_processed_id: m2,
        found_oldest: true,
        found_newest: true,
        ignored_because_not_subscribed_channels: [lobbyId],
      });
      const starred = expectSuccess(await updateFlagsForNarrow(bob, [['channel', lobbyId]], 'add', 'starred'));
      expect(starred).to.include({ processed_count: 3, updated_count: 3 }).and.not.have.property('ignored_because_not_subscribed_channels');
      expect(await flagsOn(bob, m1)).to.deep.equal(['historical', 'read', 'starred']);
    });

    it('marks unread and answers the (empty) channel list for read/remove', async () => {
      const { name } = await freshChannel();
      const [m1] = await postAll(name, ['x']);
      expectSuccess(await updateFlags(bob, [m1], 'add', 'read'));
      const queue = await registerQueue(bob, FLAG_EVENTS);
      const poll = await waitingPoll(server, queue);
      const body = expectSuccess(await updateFlagsForNarrow(bob, [['channel', name], ['topic', 'x']], 'remove', 'read'));
      expect(body).to.include({ processed_count: 1, updated_count: 1 });
      expect(body.ignored_because_not_subscribed_channels).to.deep.equal([]);
      const [event] = await eventsOf(queue, poll);
      expect(event).to.include({ type: 'update_message_flags', op: 'remove', flag: 'read', all: false });
      expect(event.messages).to.deep.equal([m1]);
      expect(await unreadIds(bob)).to.include(m1);
    });

    it('refuses what the public server refuses, recording nothing', async () => {
      const { name } = await freshChannel();
      await postAll(name, ['x']);
      const narrow = [['channel', name]];
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ anchor: 'oldest', include_anchor: false, num_before: 1, num_after: 1 }, 'BAD_REQUEST', 'The anchor can only be excluded at an end of the range'],
        [{ flag: 'mentioned' }, 'BAD_REQUEST', "Flag not editable: 'mentioned'"],
        [{ op: 'flip' }, 'BAD_REQUEST', "Invalid message flag operation: 'flip'"],
        [{ narrow: [['channel', 'nowhere at all']] }, 'BAD_REQUEST', 'Invalid narrow operator: unknown channel'],
      ];
      for (const [params, code, msg] of refusals) {
        await expectNothingRecorded(server, () => updateFlagsForNarrow(bob, narrow, 'add', 'read', params), (res) => expectFailure(res, code, msg));
      }
      expectFailure(await updateFlagsForNarrow(bob, narrow, 'add', 'read', { anchor: 'sideways' }), 'BAD_REQUEST', 'anchor');
      expectFailure(await updateFlagsForNarrow(bob, narrow, 'add', 'read', { num_before: -1 }), 'BAD_REQUEST', 'num_before');
      for (const missing of ['anchor', 'num_before', 'num_after', 'narrow', 'op', 'flag']) {
        const params: Record<string, unknown> = { anchor: 'oldest', num_before: 0, num_after: 10, narrow, op: 'add', flag: 'read' };
        delete params[missing];
        expectExactFailure(await bob.post('/messages/flags/narrow', params), 'REQUEST_VARIABLE_MISSING', `Missing '${missing}' argument`);
      }
    });
  });

  describe('POST /mark_all_as_read', () => {
    it('marks every unread message read, answers complete, and tells the user’s queues "all" without ids', async () => {
      const { name } = await freshChannel();
      await postAll(name, ['x', 'y']);
      await postDirect(alice, [bob.userId], 'dm');
      await postDirect(alice, [bob.userId, carol.userId], 'group');
      expect(await unreadIds(bob)).to.have.length.greaterThan(3);
      const queue = await registerQueue(bob, FLAG_EVENTS);
      const poll = await waitingPoll(server, queue);
      expect(expectSuccess(await bob.post('/mark_all_as_read'))).to.deep.equal({ result: 'success', msg: '', complete: true });
      const [event] = await eventsOf(queue, poll);
      const { id, ...fields } = event;
      expect(id).to.be.a('number');
      expect(fields).to.deep.equal({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true });
      expect(await unreadIds(bob)).to.deep.equal([]);
      // Nothing left unread: nothing to tell.
      expectSuccess(await bob.post('/mark_all_as_read'));
      expect(await drain(queue)).to.deep.equal([]);
    });
  });

  describe('POST /mark_stream_as_read', () => {
    it("marks only that channel's unread messages read, telling which", async () => {
      const [one, two] = [await freshChannel(), await freshChannel()];
      const inOne = await postAll(one.name, ['a', 'b']);
      const inTwo = await postAll(two.name, ['a']);
      const queue = await registerQueue(bob, FLAG_EVENTS);
      const poll = await waitingPoll(server, queue);
      expect(expectSuccess(await bob.post('/mark_stream_as_read', { stream_id: one.id }))).to.deep.equal({ result: 'success', msg: '' });
      const [event] = await eventsOf(queue, poll);
      expect(event).to.include({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', all: false });
      expect(event.messages).to.deep.equal(inOne);
      const unread = await unreadIds(bob);
      expect(unread).to.include.members(inTwo);
      expect(unread).to.not.include.members([inOne[0]]);
    });

    it('refuses a channel the user cannot read, and requires stream_id', async () => {
      const [secretId] = await createChannels(alice, [`secret ${++serial}`], { invite_only: true });
      for (const id of [secretId, 999999]) {
        await expectNothingRecorded(server, () => bob.post('/mark_stream_as_read', { stream_id: id }), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid channel ID'));
      }
      expectExactFailure(await bob.post('/mark_stream_as_read'), 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    });
  });

  describe('POST /mark_topic_as_read', () => {
    it('marks the topic (any case) read, and nothing else', async () => {
      const { id, name } = await freshChannel();
      const [l1, d1, l2] = await postAll(name, ['Lunch', 'dinner', 'lunch']);
      expect(expectSuccess(await bob.post('/mark_topic_as_read', { stream_id: id, topic_name: 'LUNCH' }))).to.deep.equal({ result: 'success', msg: '' });
      expect(await flagsOn(bob, l1)).to.deep.equal(['read']);
      expect(await flagsOn(bob, l2)).to.deep.equal(['read']);
      expect(await flagsOn(bob, d1)).to.deep.equal([]);
    });

    for (const spelled of ['general chat', '(no topic)', '']) {
      it(`reads "${spelled}" as the empty topic`, async () => {
        const { id, name } = await freshChannel();
        const [empty, named] = await postAll(name, ['', 'named']);
        expectSuccess(await bob.post('/mark_topic_as_read', { stream_id: id, topic_name: spelled }));
        expect(await flagsOn(bob, empty)).to.deep.equal(['read']);
        expect(await flagsOn(bob, named)).to.deep.equal([]);
      });
    }

    it('refuses a topic with none of the user’s messages, an unreadable channel, and missing parameters', async () => {
      const { id, name } = await freshChannel();
      await postAll(name, ['here']);
      await expectNothingRecorded(server, () => bob.post('/mark_topic_as_read', { stream_id: id, topic_name: 'nowhere' }), (res) => expectExactFailure(res, 'BAD_REQUEST', "No such topic 'nowhere'"));
      // A topic whose messages are all read already is fine.
      expectSuccess(await bob.post('/mark_topic_as_read', { stream_id: id, topic_name: 'here' }));
      expectSuccess(await bob.post('/mark_topic_as_read', { stream_id: id, topic_name: 'here' }));
      const [secretId] = await createChannels(alice, [`hideout ${++serial}`], { invite_only: true });
      expectExactFailure(await bob.post('/mark_topic_as_read', { stream_id: secretId, topic_name: 'x' }), 'BAD_REQUEST', 'Invalid channel ID');
      expectExactFailure(await bob.post('/mark_topic_as_read', { stream_id: id }), 'REQUEST_VARIABLE_MISSING', "Missing 'topic_name' argument");
      expectExactFailure(await bob.post('/mark_topic_as_read', { topic_name: 'here' }), 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    });
  });
});
