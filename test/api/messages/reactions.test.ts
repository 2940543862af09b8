import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { stringField } from '../../support/json-fields.js';
import { fetchMessage, react, reactionsOf, unreact } from '../../support/message-change-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const THUMBS = { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' };
const ZULIP = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };

describe('messages: reactions (POST and DELETE /messages/{id}/reactions)', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, outsider: ApiClient;
  const emails = new Map<number, { email: string; full_name: string }>();

  /** The reaction event every listed queue must hold, exactly. */
  function reactionEvent(op: 'add' | 'remove', messageId: number, reactor: ApiClient, emoji: Record<string, string>) {
    const who = emails.get(reactor.userId);
    return { type: 'reaction', op, message_id: messageId, ...emoji, user_id: reactor.userId, user: { user_id: reactor.userId, ...who } };
  }

  async function expectReactionEvents(queues: Queue[], expected: Record<string, unknown>): Promise<void> {
    for (const queue of queues) {
      const events = ofType(await drain(queue), 'reaction').map(({ id: _id, ...rest }) => rest);
      expect(events, `queue of user ${queue.client.userId}`).to.deep.equal([expected]);
    }
  }

  async function expectNoReactionEvents(queues: Queue[]): Promise<void> {
    for (const queue of queues) expect(ofType(await drain(queue), 'reaction'), `queue of user ${queue.client.userId}`).to.deep.equal([]);
  }

  before(async function () {
    ({ server, alice, bob, carol, outsider } = await startServerWith('alice', 'bob', 'carol', 'outsider'));
    for (const client of [alice, bob, carol, outsider]) {
      const me = expectSuccess(await client.get('/users/me'));
      emails.set(client.userId, { email: stringField(me, 'email'), full_name: stringField(me, 'full_name') });
    }
    await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    await createChannels(alice, ['secret'], { invite_only: true, history_public_to_subscribers: false });
  });
  after(() => server.stop());

  describe('adding', function () {
    it('finds the emoji from its name alone, records the reaction and tells every holder of the message', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'pizza?');
      const queues = [await registerQueue(alice), await registerQueue(bob)];
      const outsiderQueue = await registerQueue(outsider, { event_types: ['reaction'] });
      expect(expectSuccess(await react(bob, id, { emoji_name: 'thumbs_up' }))).to.deep.equal({ result: 'success', msg: '' });
      await expectReactionEvents(queues, reactionEvent('add', id, bob, THUMBS));
      expect(await reactionsOf(alice, id)).to.deep.equal([{ ...THUMBS, user_id: bob.userId }]);
      // Outsider may read the public channel's history but does not subscribe: no live reaction events.
      await expectNoReactionEvents([outsiderQueue]);
    });

    it('accepts the name with its code, with and without the type, and an alias of the name', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'salad?');
      expectSuccess(await react(alice, id, { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }));
      expectSuccess(await react(bob, id, { emoji_name: 'tada', emoji_code: '1f389' }));
      expect(await reactionsOf(bob, id)).to.deep.equal([
        { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: alice.userId },
        { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: bob.userId },
      ]);
    });

    it("counts a second user's same emoji as a vote, under the first reaction's name", async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'soup?');
      expectSuccess(await react(alice, id, { emoji_name: 'thumbs_up' }));
      const queue = await registerQueue(alice);
      expectSuccess(await react(bob, id, { emoji_name: '+1' }));
      await expectReactionEvents([queue], reactionEvent('add', id, bob, THUMBS));
      expect(await reactionsOf(alice, id)).to.deep.equal([
        { ...THUMBS, user_id: alice.userId },
        { ...THUMBS, user_id: bob.userId },
      ]);
    });

    it('takes the built-in extra emoji by name, and by code under either name of its type', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'logo');
      expectSuccess(await react(alice, id, { emoji_name: 'zulip' }));
      expectSuccess(await react(bob, id, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }));
      expectSuccess(await react(carol, id, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
      expect(await reactionsOf(alice, id)).to.deep.equal([alice, bob, carol].map((client) => ({ ...ZULIP, user_id: client.userId })));
    });

    it('refuses a reaction the user already has with REACTION_ALREADY_EXISTS, recording nothing', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'again');
      expectSuccess(await react(bob, id, { emoji_name: 'thumbs_up' }));
      for (const emoji of [{ emoji_name: 'thumbs_up' }, { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }]) {
        await expectNothingRecorded(server, () => react(bob, id, emoji), (res) => expectExactFailure(res, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.'));
      }
    });

    it('refuses invalid emoji with BAD_REQUEST naming the problem, recording nothing', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'bad emoji');
      const cases: [Record<string, unknown>, string][] = [
        [{ emoji_name: 'smile', emoji_code: '1f44d' }, "Invalid emoji name 'smile' for emoji code '1f44d'"],
        [{ emoji_name: 'smile', emoji_code: 'ffffff' }, "Invalid emoji code 'ffffff'"],
        [{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'unicode_emoji' }, "Invalid emoji code 'zulip'"],
        [{ emoji_name: 'no_such_emoji' }, "Invalid 'emoji_name': emoji 'no_such_emoji' does not exist"],
        [{ emoji_name: 'smile', reaction_type: 'sticker' }, "Invalid 'reaction_type': 'sticker'"],
        // The server has no uploaded emoji yet: every custom emoji code is unknown.
        [{ emoji_name: 'party_parrot', emoji_code: '1', reaction_type: 'realm_emoji' }, "Invalid custom emoji code '1'"],
        [{ emoji_name: 'party_parrot', emoji_code: '1' }, "Invalid emoji code '1'"],
      ];
      for (const [emoji, msg] of cases) await expectNothingRecorded(server, () => react(bob, id, emoji), (res) => expectExactFailure(res, 'BAD_REQUEST', msg));
      expect(await reactionsOf(bob, id)).to.deep.equal([]);
    });

    it('requires emoji_name', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'nameless');
      await expectNothingRecorded(server, () => react(bob, id, { emoji_code: '1f44d' }), (res) => expectFailure(res, 'REQUEST_VARIABLE_MISSING', 'emoji_name'));
    });

    it('refuses messages the user may not read, and ones that do not exist, as "Invalid message(s)"', async function () {
      const direct = await postDirect(alice, [bob.userId], 'just us');
      const secret = await postToChannel(alice, 'secret', 'plans', 'hush');
      for (const [client, id] of [[carol, direct], [outsider, secret], [bob, secret], [bob, 999_999]] as const) {
        await expectNothingRecorded(server, () => react(client, id, { emoji_name: 'thumbs_up' }), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)'));
      }
      await expectNothingRecorded(server, () => react(bob, 'abc', { emoji_name: 'thumbs_up' }), (res) => expectFailure(res, 'BAD_REQUEST', "'message_id'"));
    });

    it('puts a public channel message into the history of a reactor who never received it, read and historical', async function () {
      const id = await postToChannel(alice, 'general', 'history', 'from the archive');
      const carolQueue = await registerQueue(carol);
      const aliceQueue = await registerQueue(alice);
      const rowOf = async () => [...(await server.ctx.models.messages.flagsOf(carol.userId, [id]))];
      expect(await rowOf()).to.deep.equal([]);
      expectSuccess(await react(carol, id, { emoji_name: 'tada' }));
      const tada = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' };
      await expectReactionEvents([carolQueue, aliceQueue], reactionEvent('add', id, carol, tada));
      expect(await rowOf()).to.deep.equal([[id, 1 | 128]]);
      expect((await fetchMessage(carol, id)).flags).to.deep.equal(['read', 'historical']);
      // Now a holder, Carol hears of later reactions although she never subscribed.
      expectSuccess(await react(alice, id, { emoji_name: 'tada' }));
      await expectReactionEvents([carolQueue], reactionEvent('add', id, alice, tada));
    });

    it('tells later subscribers of a channel sharing its history, but not of one that does not', async function () {
      const shared = await postToChannel(alice, 'general', 'late', 'before you came');
      const hidden = await postToChannel(alice, 'secret', 'late', 'before you came');
      expectSuccess(await alice.post('/users/me/subscriptions', { subscriptions: [{ name: 'secret' }], principals: [bob.userId] }));
      const bobQueue = await registerQueue(bob);
      expectSuccess(await react(alice, shared, { emoji_name: 'wave' }));
      await expectReactionEvents([bobQueue], reactionEvent('add', shared, alice, { emoji_name: 'wave', emoji_code: '1f44b', reaction_type: 'unicode_emoji' }));
      expectSuccess(await react(alice, hidden, { emoji_name: 'wave' }));
      await expectNoReactionEvents([bobQueue]);
      expectExactFailure(await react(bob, hidden, { emoji_name: 'wave' }), 'BAD_REQUEST', 'Invalid message(s)');
    });

    it('tells only the participants of a direct message', async function () {
      const id = await postDirect(alice, [bob.userId], 'private joke');
      const queues = [await registerQueue(alice), await registerQueue(bob)];
      const others = [await registerQueue(carol), await registerQueue(outsider)];
      expectSuccess(await react(bob, id, { emoji_name: 'joy' }));
      await expectReactionEvents(queues, reactionEvent('add', id, bob, { emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' }));
      await expectNoReactionEvents(others);
    });
  });

  describe('removing', function () {
    it("removes the user's own reaction found by name, and tells every holder with the reaction's emoji", async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'remove me');
      expectSuccess(await react(bob, id, { emoji_name: '+1' }));
      expectSuccess(await react(alice, id, { emoji_name: 'thumbs_up' }));
      const queues = [await registerQueue(alice), await registerQueue(bob)];
      expect(expectSuccess(await unreact(bob, id, { emoji_name: 'thumbs_up' }))).to.deep.equal({ result: 'success', msg: '' });
      await expectReactionEvents(queues, reactionEvent('remove', id, bob, { ...THUMBS, emoji_name: '+1' }));
      // Alice's reaction was a vote for Bob's: it keeps the name Bob's had.
      expect(await reactionsOf(bob, id)).to.deep.equal([{ ...THUMBS, emoji_name: '+1', user_id: alice.userId }]);
    });

    it('finds the reaction by code, by code and type, and an extra emoji by either', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'codes');
      expectSuccess(await react(bob, id, { emoji_name: 'thumbs_up' }));
      expectSuccess(await react(bob, id, { emoji_name: 'tada' }));
      expectSuccess(await react(bob, id, { emoji_name: 'zulip' }));
      expectSuccess(await unreact(bob, id, { emoji_code: '1f44d' }));
      expectSuccess(await unreact(bob, id, { emoji_code: '1f389', reaction_type: 'unicode_emoji' }));
      expectSuccess(await unreact(bob, id, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
      expect(await reactionsOf(bob, id)).to.deep.equal([]);
      expectSuccess(await react(bob, id, { emoji_name: 'zulip' }));
      expectSuccess(await unreact(bob, id, { emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }));
      expect(await reactionsOf(bob, id)).to.deep.equal([]);
    });

    it("refuses a reaction the user does not have (another user's included) with REACTION_DOES_NOT_EXIST", async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'not yours');
      expectSuccess(await react(alice, id, { emoji_name: 'thumbs_up' }));
      for (const emoji of [{ emoji_name: 'thumbs_up' }, { emoji_name: 'smile' }, { emoji_code: '1f44d', reaction_type: 'unicode_emoji' }]) {
        await expectNothingRecorded(server, () => unreact(bob, id, emoji), (res) => expectExactFailure(res, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist."));
      }
      expect(await reactionsOf(bob, id)).to.deep.equal([{ ...THUMBS, user_id: alice.userId }]);
    });

    it('refuses an invalid code, an unknown name or type, and a request naming no emoji, with BAD_REQUEST', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'invalid removal');
      const cases: [Record<string, unknown>, string][] = [
        [{ emoji_code: 'ffffff' }, "Invalid emoji code 'ffffff'"],
        [{ emoji_code: '1', reaction_type: 'realm_emoji' }, "Invalid custom emoji code '1'"],
        [{ emoji_name: 'no_such_emoji' }, "Invalid 'emoji_name': emoji 'no_such_emoji' does not exist"],
        [{ emoji_name: 'smile', reaction_type: 'sticker' }, "Invalid 'reaction_type': 'sticker'"],
        [{}, "Missing 'emoji_name' or 'emoji_code': one of them must name the emoji"],
      ];
      for (const [emoji, msg] of cases) await expectNothingRecorded(server, () => unreact(bob, id, emoji), (res) => expectExactFailure(res, 'BAD_REQUEST', msg));
    });

    it('refuses messages the user may not read', async function () {
      const direct = await postDirect(alice, [bob.userId], 'ours');
      expectSuccess(await react(bob, direct, { emoji_name: 'thumbs_up' }));
      await expectNothingRecorded(server, () => unreact(carol, direct, { emoji_name: 'thumbs_up' }), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)'));
    });
  });
});
