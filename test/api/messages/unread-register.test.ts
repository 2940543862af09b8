import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import { createChannels, subscribe, unsubscribe } from '../../support/channel-requests.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { unreadState, updateFlags } from '../../support/flag-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const MESSAGE_TYPES = ['message', 'update_message_flags', 'recent_private_conversations'];

describe('register: unread_msgs, recent_private_conversations, max_message_id', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let alphaId: number, betaId: number, mutedId: number;

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [alphaId, betaId, mutedId] = await createChannels(alice, ['alpha', 'beta', 'gamma', 'delta']);
    expectSuccess(await subscribe(carol, ['alpha', 'beta', 'gamma', 'delta']));
    expectSuccess(await carol.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: mutedId, property: 'is_muted', value: true }] }));
  });
  after(() => server.stop());

  describe('the snapshot', () => {
    const ids: Record<string, number> = {};
    before(async () => {
      ids.lunch1 = await postToChannel(alice, 'alpha', 'Lunch', 'soup?');
      ids.lunch2 = await postToChannel(alice, 'alpha', 'lunch', 'salad!');
      ids.dinner = await postToChannel(alice, 'alpha', 'dinner', 'later');
      ids.empty = await postToChannel(alice, 'alpha', '', 'no topic');
      ids.mention = await postToChannel(alice, 'beta', 'x', 'hey @**Carol**');
      ids.readOne = await postToChannel(alice, 'beta', 'x', 'read already');
      ids.muted = await postToChannel(alice, 'gamma', 'hush', 'hi @**all**');
      ids.left = await postToChannel(alice, 'delta', 'gone', 'in a channel she leaves');
      ids.direct = await postDirect(alice, [carol.userId], 'hi carol');
      ids.fromBob = await postDirect(bob, [carol.userId], 'hi from bob');
      ids.group = await postDirect(alice, [bob.userId, carol.userId], 'hi both');
      ids.self = await postDirect(carol, [carol.userId], 'note to self');
      expectSuccess(await updateFlags(carol, [ids.readOne], 'add', 'read'));
      expectSuccess(await unsubscribe(carol, ['delta']));
    });

    it('unread_msgs groups the unread messages by topic, by other user and by group, counts those not muted, and lists mentions', async () => {
      const unread = await unreadState(carol, { client_capabilities: { empty_topic_name: true } });
      const [a, b, c] = [alice.userId, bob.userId, carol.userId];
      expect(unread).to.deep.equal({
        count: 9,
        pms: [
          { other_user_id: a, sender_id: a, unread_message_ids: [ids.direct] },
          { other_user_id: b, sender_id: b, unread_message_ids: [ids.fromBob] },
          { other_user_id: c, sender_id: c, unread_message_ids: [ids.self] },
        ],
        streams: [
          { stream_id: alphaId, topic: '', unread_message_ids: [ids.empty] },
          { stream_id: alphaId, topic: 'dinner', unread_message_ids: [ids.dinner] },
          { stream_id: alphaId, topic: 'lunch', unread_message_ids: [ids.lunch1, ids.lunch2] },
          { stream_id: betaId, topic: 'x', unread_message_ids: [ids.mention] },
          { stream_id: mutedId, topic: 'hush', unread_message_ids: [ids.muted] },
        ],
        huddles: [{ user_ids_string: [a, b, c].sort((x, y) => x - y).join(','), unread_message_ids: [ids.group] }],
        mentions: [ids.mention],
        old_unreads_missing: false,
      });
    });

    it('spells the empty topic as its display name for clients without empty_topic_name', async () => {
      const streams = (await unreadState(carol)).streams as { stream_id: number; topic: string }[];
      expect(streams.filter((bucket) => bucket.stream_id === alphaId).map((bucket) => bucket.topic)).to.deep.equal(['dinner', 'general chat', 'lunch']);
    });

    it('comes only when both message and update_message_flags are asked for', async () => {
      for (const types of [['update_message_flags'], ['message'], ['subscription']]) {
        expect((await registerQueue(carol, { fetch_event_types: types })).state).to.not.have.property('unread_msgs');
      }
      expect((await registerQueue(carol)).state).to.have.property('unread_msgs');
    });

    it('recent_private_conversations lists the other participants of each conversation, most recent first', async () => {
      const state = (await registerQueue(carol, { fetch_event_types: ['recent_private_conversations'] })).state;
      expect(state.recent_private_conversations).to.deep.equal([
        { max_message_id: ids.self, user_ids: [] },
        { max_message_id: ids.group, user_ids: [alice.userId, bob.userId].sort((x, y) => x - y) },
        { max_message_id: ids.fromBob, user_ids: [bob.userId] },
        { max_message_id: ids.direct, user_ids: [alice.userId] },
      ]);
      expect(state).to.not.have.property('max_message_id');
    });

    it('max_message_id comes with message: the newest message of the history, or -1', async () => {
      const state = (await registerQueue(carol, { fetch_event_types: ['message'] })).state;
      expect(state.max_message_id).to.equal(ids.self);
      const newcomer = await server.createUser('Dana Newcomer');
      expect((await registerQueue(newcomer, { fetch_event_types: ['message'] })).state.max_message_id).to.equal(-1);
    });
  });

  describe('old snapshot + events == fresh snapshot', () => {
    /** Drains the queue until it is empty. */
    const everything = async (queue: Queue): Promise<ReceivedEvent[]> => {
      const all: ReceivedEvent[] = [];
      for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
      return all;
    };

    const pick = (state: Record<string, unknown>) => ({
      unread_msgs: state.unread_msgs,
      recent_private_conversations: state.recent_private_conversations,
      max_message_id: state.max_message_id,
    });

    /** Sends, flag changes and the bulk endpoints, touching every part of Bob's unread state. */
    async function makeChanges(serial: number): Promise<void> {
      const topic = `round ${serial}`;
      const first = await postToChannel(alice, 'alpha', topic, 'one');
      const second = await postToChannel(alice, 'alpha', topic.toUpperCase(), 'two @**Bob**');
      const empty = await postToChannel(alice, 'alpha', '', `empty ${serial}`);
      const inBeta = await postToChannel(alice, 'beta', 'other', 'three @**all**');
      const direct = await postDirect(alice, [bob.userId], 'dm');
      const group = await postDirect(carol, [alice.userId, bob.userId], 'group');
      await postDirect(bob, [carol.userId], 'bob writes');
      expectSuccess(await updateFlags(bob, [first, direct], 'add', 'read'));
      expectSuccess(await updateFlags(bob, [first], 'remove', 'read'));
      expectSuccess(await updateFlags(bob, [second], 'add', 'starred'));
      expectSuccess(await bob.post('/mark_topic_as_read', { stream_id: betaId, topic_name: 'other' }));
      expectSuccess(await updateFlags(bob, [inBeta, group, direct, empty], 'remove', 'read'));
      expectSuccess(await bob.post('/mark_stream_as_read', { stream_id: betaId }));
      expectSuccess(await updateFlags(bob, [group], 'add', 'read'));
    }

    const viewers = [
      { label: 'a modern client', params: { client_capabilities: { empty_topic_name: true } } },
      { label: 'a legacy client (empty topic by its display name)', params: {} },
    ];

    before(async () => {
      expectSuccess(await subscribe(bob, ['alpha', 'beta']));
    });

    viewers.forEach((viewer, serial) => {
      it(`applying the events to the old snapshot gives the fresh one: ${viewer.label}`, async () => {
        const params = { ...viewer.params, event_types: MESSAGE_TYPES, fetch_event_types: MESSAGE_TYPES };
        const queue = await registerQueue(bob, params);
        const old = structuredClone(queue.state);
        await makeChanges(serial);
        const events = await everything(queue);
        const types = new Set(events.map((event) => `${event.type}.${String(event.op ?? '')}`));
        for (const type of ['message.', 'update_message_flags.add', 'update_message_flags.remove']) expect(types, `events include ${type}`).to.include(type);
        const updated = applyEvents(old, events, { clientGravatar: true, viewerId: bob.userId });
        const fresh = (await registerQueue(bob, params)).state;
        expect(pick(updated)).to.deep.equal(pick(fresh));
        expect(pick(old)).to.not.deep.equal(pick(fresh));
      });
    });

    it('mark_all_as_read ("all") empties the unread state the same way', async () => {
      const params = { event_types: MESSAGE_TYPES, fetch_event_types: MESSAGE_TYPES };
      await postToChannel(alice, 'alpha', 'before all', 'unread');
      const queue = await registerQueue(bob, params);
      const old = structuredClone(queue.state);
      await postDirect(alice, [bob.userId], 'one more');
      expectSuccess(await bob.post('/mark_all_as_read'));
      const updated = applyEvents(old, await everything(queue), { clientGravatar: true, viewerId: bob.userId });
      const fresh = (await registerQueue(bob, params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      expect(fresh.unread_msgs).to.deep.equal({ count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });
    });
  });
});
