import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessages, botMessagesTo } from '../../support/bot-messages.js';
import { createChannels, subscribe, unsubscribe } from '../../support/channel-requests.js';
import { fetchedMessage, fetchedRecords, fetchMessages, idsIn, idsOfNarrow } from '../../support/message-reads.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const expectInvalidMessage = async (client: ApiClient, id: number) =>
  expectExactFailure(await client.get(`/messages/${id}`), 'BAD_REQUEST', 'Invalid message(s)');

const topicsOf = async (client: ApiClient, channelId: number) => expectSuccess(await client.get(`/users/me/${channelId}/topics`)).topics;

describe('GET /messages, GET /messages/{id} and channel topics: who sees what', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, guest: ApiClient;
  let general: number, vault: number, archive: number;
  let p1: number, v1: number, v2: number, v3: number, a1: number, dm: number;
  /** The notification bot's notices the three channels start with, in their "channel events" topics. */
  let nGeneral: number, nVault: number, nArchive: number;

  before(async () => {
    ({ server, alice, bob, carol, guest } = await startServerWith('alice', 'bob', 'carol', 'guest'));
    [general] = await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    [vault] = await createChannels(alice, ['vault'], { invite_only: true, history_public_to_subscribers: false });
    [archive] = await createChannels(alice, ['archive'], { invite_only: true, history_public_to_subscribers: true });
    [nGeneral, nVault, nArchive] = (await botMessages(server)).map((data) => data.message_id as number);
    p1 = await postToChannel(alice, 'general', 'pub', 'public words');
    v1 = await postToChannel(alice, 'vault', 'before', 'old secret');
    a1 = await postToChannel(alice, 'archive', 'history', 'archived secret');
    // Bob joins both private channels after their first messages.
    expectSuccess(await subscribe(alice, ['vault', 'archive'], { principals: [bob.userId] }));
    v2 = await postToChannel(alice, 'vault', 'secrets', 'new secret');
    v3 = await postToChannel(alice, 'vault', 'later', 'another secret');
    dm = await postDirect(alice, [bob.userId], 'just between us, secret');
  });
  after(() => server.stop());

  describe('a private channel with protected history', () => {
    it('a subscriber who joined later sees only what was sent after, by narrow and by id', async () => {
      expect(await idsOfNarrow(bob, [['channel', 'vault']])).to.deep.equal([v2, v3]);
      expect(await idsOfNarrow(bob, [['channel', vault], ['topic', 'before']])).to.deep.equal([]);
      await expectInvalidMessage(bob, v1);
      expect((await fetchedMessage(bob, v2)).id).to.equal(v2);
      expect(idsIn(expectSuccess(await bob.get('/messages', { message_ids: [v1, v2] })))).to.deep.equal([v2]);
      expect(await idsOfNarrow(bob, [['search', 'secret']])).to.deep.equal([v2, v3, dm]);
    });

    it('its topics for that subscriber are those of their own history; the creator sees all of theirs', async () => {
      expect(await topicsOf(bob, vault)).to.deep.equal([
        { name: 'later', max_id: v3 },
        { name: 'secrets', max_id: v2 },
      ]);
      expect(await topicsOf(alice, vault)).to.deep.equal([
        { name: 'later', max_id: v3 },
        { name: 'secrets', max_id: v2 },
        { name: 'before', max_id: v1 },
        { name: 'channel events', max_id: nVault },
      ]);
    });

    it('matches_narrow never reports a message the viewer cannot read', async () => {
      const body = expectSuccess(await bob.get('/messages/matches_narrow', { msg_ids: [v1, v2], narrow: [['channel', 'vault']] }));
      expect(Object.keys(body.messages as object)).to.deep.equal([String(v2)]);
    });
  });

  describe('a private channel with shared history', () => {
    it('a subscriber who joined later reads the older messages, flagged read and historical', async () => {
      const records = await fetchedRecords(bob, { narrow: [['channel', 'archive']] });
      expect(records.map((record) => record.id)).to.deep.equal([nArchive, a1]);
      for (const record of records) expect(record.flags).to.deep.equal(['read', 'historical']);
      expect((await fetchedMessage(bob, a1)).flags).to.deep.equal(['read', 'historical']);
      expect(await topicsOf(bob, archive)).to.deep.equal([{ name: 'history', max_id: a1 }, { name: 'channel events', max_id: nArchive }]);
    });

    it('outside the channel narrow, the older messages are not in the subscriber history', async () => {
      // Only the notification bot's "subscribed you to … #**archive** …" (its words stem alike) is found.
      const [notice] = await botMessagesTo(server, bob.userId);
      expect(notice.content).to.contain('#**archive**');
      expect(await idsOfNarrow(bob, [['search', 'archived']])).to.deep.equal([notice.message_id]);
    });
  });

  describe('someone outside the private channels', () => {
    it('cannot name them in a narrow: the same refusal as for a channel that does not exist', async () => {
      for (const ref of ['vault', vault, 'archive', archive]) {
        expectExactFailure(await fetchMessages(carol, { narrow: [{ operator: 'channel', operand: ref }] }), 'BAD_REQUEST', `Invalid narrow operator: unknown channel '${ref}'`);
      }
    });

    it('finds none of their messages by id, list, search or shared public history', async () => {
      for (const id of [v1, v2, a1, dm]) await expectInvalidMessage(carol, id);
      expect(idsIn(expectSuccess(await carol.get('/messages', { message_ids: [v1, v2, a1, dm] })))).to.deep.equal([]);
      expect(await idsOfNarrow(carol, [['search', 'secret']])).to.deep.equal([]);
      expect(await idsOfNarrow(carol, [['channels', 'public']])).to.deep.equal([nGeneral, p1]);
      expect(await idsOfNarrow(carol, [['dm', alice.email]])).to.deep.equal([]);
      const matched = expectSuccess(await carol.get('/messages/matches_narrow', { msg_ids: [v1, v2, a1, dm, p1], narrow: [] }));
      expect(Object.keys(matched.messages as object)).to.deep.equal([String(p1)]);
    });

    it('cannot list their topics', async () => {
      for (const id of [vault, archive, 999_999]) expectExactFailure(await carol.get(`/users/me/${id}/topics`), 'BAD_REQUEST', 'Invalid channel ID');
    });

    it('reads a public channel from its shared history, though never subscribed', async () => {
      expect(await idsOfNarrow(carol, [])).to.deep.equal([]);
      const records = await fetchedRecords(carol, { narrow: [['channel', 'general']] });
      expect(records.map((record) => record.id)).to.deep.equal([nGeneral, p1]);
      for (const record of records) expect(record.flags).to.deep.equal(['read', 'historical']);
      expect(await topicsOf(carol, general)).to.deep.equal([{ name: 'pub', max_id: p1 }, { name: 'channel events', max_id: nGeneral }]);
    });
  });

  describe('guests, missing messages, former subscribers', () => {
    it('a guest sees nothing of a public channel they are not in', async () => {
      expectExactFailure(await fetchMessages(guest, { narrow: [['channel', 'general']] }), 'BAD_REQUEST', "Invalid narrow operator: unknown channel 'general'");
      await expectInvalidMessage(guest, p1);
      expect(await idsOfNarrow(guest, [['channels', 'public']])).to.deep.equal([]);
      expectExactFailure(await guest.get(`/users/me/${general}/topics`), 'BAD_REQUEST', 'Invalid channel ID');
    });

    it('a message that does not exist is invalid like one that cannot be read', async () => {
      await expectInvalidMessage(alice, 999_999);
    });

    it('after leaving a private channel, its messages stay in the former subscriber history', async () => {
      expectSuccess(await unsubscribe(bob, ['vault']));
      expect(await idsOfNarrow(bob, [['channel', 'vault']])).to.deep.equal([v2, v3]);
      expect((await fetchedMessage(bob, v3)).id).to.equal(v3);
      await expectInvalidMessage(bob, v1);
      expectExactFailure(await bob.get(`/users/me/${vault}/topics`), 'BAD_REQUEST', 'Invalid channel ID');
    });
  });
});
