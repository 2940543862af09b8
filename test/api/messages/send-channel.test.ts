import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { postToChannel, sendToChannel } from '../../support/message-requests.js';
import { onlyMessageEvent, recordOf } from '../../support/message-events.js';
import { type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /messages: channel messages', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, guest: ApiClient, admin: ApiClient;
  let generalId: number;
  /** Bob's queue, without the empty_topic_name capability; and one with it. */
  let bobQueue: Queue, modernQueue: Queue;

  before(async function () {
    ({ server, alice, bob, carol, guest, admin } = await startServerWith('alice', 'bob', 'carol', 'guest', 'admin'));
    [generalId] = await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    bobQueue = await registerQueue(bob, { apply_markdown: false });
    modernQueue = await registerQueue(bob, { apply_markdown: false, client_capabilities: { empty_topic_name: true } });
  });
  after(() => server.stop());

  /** The message record Bob's queue got for the message `id` (and that the modern queue got it too). */
  async function seenByBob(id: number): Promise<Record<string, unknown>> {
    const record = recordOf(await onlyMessageEvent(bobQueue));
    expect(record.id).to.equal(id);
    expect(recordOf(await onlyMessageEvent(modernQueue)).id).to.equal(id);
    return record;
  }

  describe('type and to', function () {
    for (const type of ['channel', 'stream']) {
      it(`type=${type} sends to the channel's topic`, async function () {
        const id = await postToChannel(alice, 'general', 'types', `via ${type}`, { type });
        const record = await seenByBob(id);
        expect(record).to.include({ type: 'stream', stream_id: generalId, display_recipient: 'general', subject: 'types', content: `via ${type}` });
        expect(record.sender_id).to.equal(alice.userId);
      });
    }

    it('names the channel by name, by id, by id as text, or as a one-element list of either', async function () {
      for (const to of ['general', generalId, JSON.stringify(String(generalId)), JSON.stringify([generalId]), JSON.stringify(['general'])]) {
        const id = await postToChannel(alice, to, 'addresses', `to ${String(to)}`);
        expect(await seenByBob(id), String(to)).to.include({ stream_id: generalId, subject: 'addresses' });
      }
    });

    it('refuses a list of several channels, and an unknown type, recording nothing', async function () {
      await expectNothingRecorded(server, () => sendToChannel(alice, JSON.stringify(['general', 'other']), 'x', 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', "'to'"));
      await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'x', 'hi', { type: 'group' }), (res) => expectFailure(res, 'BAD_REQUEST', "'type'"));
      await expectNothingRecorded(server, () => alice.post('/messages', { type: 'channel', topic: 'x', content: 'hi' }), (res) =>
        expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'to' argument"),
      );
    });
  });

  describe('topic', function () {
    it('is required for channel messages, as a missing argument naming topic', async function () {
      await expectNothingRecorded(server, () => alice.post('/messages', { type: 'channel', to: 'general', content: 'no topic given' }), (res) => {
        expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'topic' argument");
        expect(res.body.var_name).to.equal('topic');
      });
    });

    it('may be given as subject, its old name', async function () {
      const id = expectSuccess(await alice.post('/messages', { type: 'stream', to: 'general', subject: 'old name', content: 'hi' })).id as number;
      expect(await seenByBob(id)).to.include({ subject: 'old name' });
    });

    it('"(no topic)", the empty topic\'s display name and "" all mean the empty topic', async function () {
      const displayName = (await registerQueue(alice, { fetch_event_types: ['realm'] })).state.realm_empty_topic_display_name;
      expect(displayName).to.be.a('string').and.not.equal('');
      for (const topic of ['(no topic)', String(displayName), '', '  ']) {
        const id = await postToChannel(alice, 'general', topic, 'to the general chat');
        expect(recordOf(await onlyMessageEvent(modernQueue))).to.include({ id, subject: '' });
        // Clients without the empty_topic_name capability see the display name.
        expect(recordOf(await onlyMessageEvent(bobQueue))).to.include({ id, subject: displayName });
      }
    });

    it('is trimmed, and cut to 60 characters ending in "..." when longer', async function () {
      const trimmed = await postToChannel(alice, 'general', '  lunch  ', 'hi');
      expect(await seenByBob(trimmed)).to.include({ subject: 'lunch' });
      const long = 'ü'.repeat(70);
      const cut = await postToChannel(alice, 'general', long, 'hi');
      expect(await seenByBob(cut)).to.include({ subject: `${'ü'.repeat(57)}...` });
      // The cut topic is the same topic when the long one is sent again.
      const again = await postToChannel(alice, 'general', `${long}!`, 'again');
      expect(await seenByBob(again)).to.include({ subject: `${'ü'.repeat(57)}...` });
    });

    it('refuses control characters', async function () {
      await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'a\u0007b', 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', "'topic'"));
    });

    describe('topics_policy', function () {
      it("of the channel: disable_empty_topic refuses the empty topic, empty_topic_only any other", async function () {
        await createChannels(alice, ['named only'], { topics_policy: 'disable_empty_topic' });
        await createChannels(alice, ['chat only'], { topics_policy: 'empty_topic_only' });
        for (const topic of ['', '(no topic)']) {
          await expectNothingRecorded(server, () => sendToChannel(alice, 'named only', topic, 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', "'topic'"));
        }
        await postToChannel(alice, 'named only', 'named', 'fine');
        await expectNothingRecorded(server, () => sendToChannel(alice, 'chat only', 'named', 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', "'topic'"));
        await postToChannel(alice, 'chat only', '(no topic)', 'fine');
      });

      it("of the organization, for channels that inherit it; a channel's own policy wins", async function () {
        await createChannels(alice, ['inheriting', 'allowing']);
        await createChannels(alice, ['allowing explicitly'], { topics_policy: 'allow_empty_topic' });
        expectSuccess(await server.owner.patch('/realm', { topics_policy: 'disable_empty_topic' }));
        try {
          await expectNothingRecorded(server, () => sendToChannel(alice, 'inheriting', '', 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', "'topic'"));
          await postToChannel(alice, 'allowing explicitly', '', 'fine');
        } finally {
          expectSuccess(await server.owner.patch('/realm', { topics_policy: 'allow_empty_topic' }));
        }
        await postToChannel(alice, 'inheriting', '', 'fine again');
      });
    });
  });

  describe('content', function () {
    it('longer than 10000 characters is cut, ending in "[message truncated]"', async function () {
      const id = await postToChannel(alice, 'general', 'long', 'é'.repeat(10050));
      const content = String((await seenByBob(id)).content);
      expect([...content]).to.have.length(10000);
      expect(content.endsWith('\n[message truncated]')).to.equal(true);
      expect(content.startsWith('é'.repeat(9980))).to.equal(true);
    });

    it('keeps leading spaces, drops trailing white space and leading blank lines', async function () {
      const id = await postToChannel(alice, 'general', 'spacing', '\n\n    code block\n  \n');
      expect(await seenByBob(id)).to.include({ content: '    code block' });
    });

    it('refuses empty or blank content, and a missing one, recording nothing', async function () {
      for (const content of ['', '   ', '\n\t\n']) {
        await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'x', content), (res) => expectFailure(res, 'BAD_REQUEST', "'content'"));
      }
      await expectNothingRecorded(server, () => alice.post('/messages', { type: 'channel', to: 'general', topic: 'x' }), (res) =>
        expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'content' argument"),
      );
    });
  });

  describe('which channels a sender may post to', function () {
    it('refuses an unknown channel, by name or id, as STREAM_DOES_NOT_EXIST naming it', async function () {
      for (const [to, named] of [['nowhere', 'nowhere'], [99999, '99999']] as const) {
        await expectNothingRecorded(server, () => sendToChannel(alice, to, 'x', 'hi'), (res) => {
          expectExactFailure(res, 'STREAM_DOES_NOT_EXIST', `Channel '${named}' does not exist`);
          expect(res.body.stream).to.equal(named);
        });
      }
    });

    it('answers for a private channel the sender cannot read exactly as for one that does not exist', async function () {
      const [secretId] = await createChannels(carol, ['secret'], { invite_only: true });
      for (const [to, named] of [['secret', 'secret'], [secretId, String(secretId)]] as const) {
        await expectNothingRecorded(server, () => sendToChannel(alice, to, 'x', 'hi'), (res) => {
          expectExactFailure(res, 'STREAM_DOES_NOT_EXIST', `Channel '${named}' does not exist`);
          expect(res.body).to.deep.equal({ result: 'error', msg: `Channel '${named}' does not exist`, code: 'STREAM_DOES_NOT_EXIST', stream: named });
        });
      }
      // Even an administrator who is not subscribed cannot post there.
      await expectNothingRecorded(server, () => sendToChannel(admin, 'secret', 'x', 'hi'), (res) => expectFailure(res, 'STREAM_DOES_NOT_EXIST', 'secret'));
      await postToChannel(carol, 'secret', 'x', 'a subscriber may');
    });

    it('lets a member who is not subscribed post to a public channel; the message enters their history too', async function () {
      const carolQueue = await registerQueue(carol);
      const id = await postToChannel(carol, 'general', 'drop-in', 'hello from outside');
      expect(recordOf(await onlyMessageEvent(carolQueue))).to.include({ id, stream_id: generalId });
      expect(await seenByBob(id)).to.include({ sender_id: carol.userId });
    });

    it('lets a guest post only to channels they are subscribed to', async function () {
      await expectNothingRecorded(server, () => sendToChannel(guest, 'general', 'x', 'hi'), (res) => expectFailure(res, 'STREAM_DOES_NOT_EXIST', 'general'));
      expectSuccess(await subscribe(alice, ['general'], { principals: [guest.userId] }));
      const id = await postToChannel(guest, 'general', 'guests', 'hello');
      expect(await seenByBob(id)).to.include({ sender_id: guest.userId });
    });

    it("refuses senders outside the channel's can_send_message_group", async function () {
      const administrators = (await systemGroupIds(alice))['role:administrators'];
      await createChannels(admin, ['announcements'], { can_send_message_group: administrators });
      await expectNothingRecorded(server, () => sendToChannel(alice, 'announcements', 'x', 'hi'), (res) =>
        expectExactFailure(res, 'BAD_REQUEST', "You do not have permission to post in channel 'announcements'."),
      );
      await postToChannel(admin, 'announcements', 'news', 'administrators may');
    });

    it('refuses an archived channel', async function () {
      const [oldId] = await createChannels(alice, ['old times']);
      expectSuccess(await server.owner.delete(`/streams/${oldId}`));
      await expectNothingRecorded(server, () => sendToChannel(alice, oldId, 'x', 'hi'), (res) => expectFailure(res, 'BAD_REQUEST', 'archived'));
    });
  });
});
