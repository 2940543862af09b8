import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { isJsonObject, objectField, type JsonObject } from '../../support/json-fields.js';
import { deleteMessage, react } from '../../support/message-change-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const NO_PERMISSION = "You don't have permission to delete this message";
const TOO_LATE = 'The time limit for deleting this message has passed';
const BULK = { client_capabilities: { bulk_message_deletion: true, empty_topic_name: true } };
const SINGLE = { client_capabilities: { bulk_message_deletion: false, empty_topic_name: true } };

/** The delete_message events a queue holds now, without their ids. */
async function deletions(queue: Queue): Promise<JsonObject[]> {
  return ofType(await drain(queue), 'delete_message').map(({ id: _id, ...rest }) => rest);
}

/** Every message id register's unread_msgs lists for the client. */
async function unreadIds(client: ApiClient): Promise<number[]> {
  const state = (await registerQueue(client, { fetch_event_types: ['message', 'update_message_flags'], event_types: ['heartbeat'] })).state;
  const unread = objectField(state, 'unread_msgs');
  const ids: number[] = [];
  for (const bucket of ['streams', 'pms', 'huddles']) {
    for (const entry of unread[bucket] as unknown[]) if (isJsonObject(entry)) ids.push(...(entry.unread_message_ids as number[]));
  }
  return ids.sort((a, b) => a - b);
}

const expectInvalid = (res: ApiResponse) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)');

describe('messages: DELETE /messages/{id}', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, outsider: ApiClient, admin: ApiClient, moderator: ApiClient;
  let generalId: number;
  let sys: Record<string, number>;

  before(async function () {
    ({ server, alice, bob, carol, outsider, admin, moderator } = await startServerWith('alice', 'bob', 'carol', 'outsider', 'admin', 'moderator'));
    [generalId] = await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    await createChannels(alice, ['secret'], { invite_only: true, history_public_to_subscribers: false, principals: [alice.userId, bob.userId] });
    sys = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  describe('events and state', function () {
    it('lets the sender delete their channel message: one listing event for bulk queues, one per message for others', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'oops');
      expect(await unreadIds(bob)).to.include(id);
      const aliceQueue = await registerQueue(alice, BULK);
      const bobBulk = await registerQueue(bob, BULK);
      const bobSingle = await registerQueue(bob, SINGLE);
      const bobDefault = await registerQueue(bob);
      expect(expectSuccess(await deleteMessage(alice, id))).to.deep.equal({ result: 'success', msg: '' });
      const where = { message_type: 'stream', stream_id: generalId, topic: 'lunch' };
      for (const queue of [aliceQueue, bobBulk]) expect(await deletions(queue)).to.deep.equal([{ type: 'delete_message', message_ids: [id], ...where }]);
      for (const queue of [bobSingle, bobDefault]) expect(await deletions(queue)).to.deep.equal([{ type: 'delete_message', message_id: id, ...where }]);
      for (const client of [alice, bob]) expectInvalid(await client.get(`/messages/${id}`));
      expect(await unreadIds(bob)).to.not.include(id);
      expect(await server.ctx.models.messages.get(id)).to.equal(undefined);
    });

    it('deletes a direct message for its participants only, with message_type private and no channel fields', async function () {
      const id = await postDirect(alice, [bob.userId], 'between us');
      const queues = [await registerQueue(alice, BULK), await registerQueue(bob, SINGLE)];
      const carolQueue = await registerQueue(carol, BULK);
      expectSuccess(await deleteMessage(alice, id));
      expect(await deletions(queues[0])).to.deep.equal([{ type: 'delete_message', message_ids: [id], message_type: 'private' }]);
      expect(await deletions(queues[1])).to.deep.equal([{ type: 'delete_message', message_id: id, message_type: 'private' }]);
      expect(await deletions(carolQueue)).to.deep.equal([]);
      expectInvalid(await bob.get(`/messages/${id}`));
      expect(await unreadIds(bob)).to.not.include(id);
    });

    it('spells the empty topic as its display name for queues without empty_topic_name', async function () {
      const id = await postToChannel(alice, 'general', '', 'general chatter');
      const modern = await registerQueue(bob, BULK);
      const older = await registerQueue(bob, { client_capabilities: { bulk_message_deletion: true } });
      expectSuccess(await deleteMessage(alice, id));
      const where = { type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: generalId };
      expect(await deletions(modern)).to.deep.equal([{ ...where, topic: '' }]);
      expect(await deletions(older)).to.deep.equal([{ ...where, topic: 'general chat' }]);
    });

    it('tells later subscribers of a channel sharing its history, and not users outside the channel', async function () {
      const id = await postToChannel(alice, 'general', 'late', 'before carol');
      expectSuccess(await subscribe(carol, ['general']));
      const carolQueue = await registerQueue(carol, BULK);
      const outsiderQueue = await registerQueue(outsider, BULK);
      expectSuccess(await deleteMessage(alice, id));
      expect(await deletions(carolQueue)).to.deep.equal([{ type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: generalId, topic: 'late' }]);
      expect(await deletions(outsiderQueue)).to.deep.equal([]);
      expectSuccess(await carol.delete('/users/me/subscriptions', { subscriptions: ['general'] }));
    });

    it('takes the reactions with the message: reacting to it afterwards finds no message', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'liked');
      expectSuccess(await react(bob, id, { emoji_name: 'thumbs_up' }));
      expectSuccess(await deleteMessage(alice, id));
      expectInvalid(await react(bob, id, { emoji_name: 'tada' }));
    });
  });

  describe('who may delete', function () {
    it("refuses other users' messages to members and moderators, recording nothing", async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'mine');
      for (const client of [bob, moderator]) {
        await expectNothingRecorded(server, () => deleteMessage(client, id), (res) => expectExactFailure(res, 'BAD_REQUEST', NO_PERMISSION));
      }
      expectSuccess(await bob.get(`/messages/${id}`));
    });

    it('lets administrators delete any message they can read, at any age', async function () {
      const id = await postToChannel(alice, 'general', 'lunch', 'old news');
      server.clock.advance(86_400_000);
      expectSuccess(await deleteMessage(admin, id));
      expectInvalid(await alice.get(`/messages/${id}`));
    });

    it('holds senders to message_content_delete_limit_seconds (600 by default)', async function () {
      const inTime = await postToChannel(alice, 'general', 'lunch', 'quick');
      const late = await postDirect(alice, [bob.userId], 'slow');
      server.clock.advance(600_000);
      expectSuccess(await deleteMessage(alice, inTime));
      server.clock.advance(1_000);
      await expectNothingRecorded(server, () => deleteMessage(alice, late), (res) => expectExactFailure(res, 'BAD_REQUEST', TOO_LATE));
      expectSuccess(await admin.patch('/realm', { message_content_delete_limit_seconds: 'unlimited' }));
      expectSuccess(await deleteMessage(alice, late));
      expectSuccess(await admin.patch('/realm', { message_content_delete_limit_seconds: 600 }));
    });

    it('reports the deletion settings in register, with their defaults', async function () {
      const state = (await registerQueue(alice, { fetch_event_types: ['realm'] })).state;
      expect(state).to.include({
        realm_message_content_delete_limit_seconds: 600,
        realm_can_delete_any_message_group: sys['role:administrators'],
        realm_can_delete_own_message_group: sys['role:everyone'],
      });
    });

    it("follows the organization's can_delete_own_message_group and can_delete_any_message_group", async function () {
      const direct = await postDirect(alice, [bob.userId], 'keep me');
      const channel = await postToChannel(alice, 'general', 'lunch', 'moderate me');
      expectSuccess(await admin.patch('/realm', { can_delete_own_message_group: { new: sys['role:administrators'] } }));
      await expectNothingRecorded(server, () => deleteMessage(alice, direct), (res) => expectExactFailure(res, 'BAD_REQUEST', NO_PERMISSION));
      expectSuccess(await admin.patch('/realm', { can_delete_own_message_group: { new: sys['role:everyone'] }, can_delete_any_message_group: { new: sys['role:moderators'] } }));
      expectSuccess(await deleteMessage(moderator, channel));
      expectSuccess(await admin.patch('/realm', { can_delete_any_message_group: { new: sys['role:administrators'] } }));
      // Deleting any message is no way into a conversation one cannot read.
      expectInvalid(await deleteMessage(moderator, direct));
      expectSuccess(await deleteMessage(alice, direct));
    });

    it("refuses to let nobody or everyone delete any message", async function () {
      for (const group of ['role:nobody', 'role:everyone']) {
        await expectNothingRecorded(server, () => admin.patch('/realm', { can_delete_any_message_group: { new: sys[group] } }), (res) => expectFailure(res, 'BAD_REQUEST', 'can_delete_any_message_group'));
      }
    });

    it("with the channel's can_delete_own_message_group at nobody (the default), the organization's setting decides", async function () {
      await createChannels(alice, ['strict'], { can_delete_own_message_group: sys['role:nobody'] });
      const id = await postToChannel(alice, 'strict', 'rules', 'permanent');
      // The organization still lets everyone delete their own messages.
      expectSuccess(await deleteMessage(alice, id));
      const kept = await postToChannel(alice, 'strict', 'rules', 'really permanent');
      expectSuccess(await admin.patch('/realm', { can_delete_own_message_group: { new: sys['role:administrators'] } }));
      await expectNothingRecorded(server, () => deleteMessage(alice, kept), (res) => expectExactFailure(res, 'BAD_REQUEST', NO_PERMISSION));
      expectSuccess(await admin.patch('/realm', { can_delete_own_message_group: { new: sys['role:everyone'] } }));
    });
  });

  describe('which messages', function () {
    it('answers "Invalid message(s)" for messages that do not exist, are gone, or the user may not read', async function () {
      const direct = await postDirect(alice, [bob.userId], 'ours');
      const secret = await postToChannel(alice, 'secret', 'plans', 'hush');
      const gone = await postToChannel(alice, 'general', 'lunch', 'gone');
      expectSuccess(await deleteMessage(alice, gone));
      for (const [client, id] of [[carol, direct], [outsider, secret], [admin, secret], [alice, gone], [alice, 999_999]] as const) {
        await expectNothingRecorded(server, () => deleteMessage(client, id), expectInvalid);
      }
      await expectNothingRecorded(server, () => deleteMessage(alice, 'abc'), (res) => expectFailure(res, 'BAD_REQUEST', "'message_id'"));
    });
  });
});
