import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { personTokens, type PersonTrail, personWithEverything } from '../../support/erasure-person.js';
import { expectReplayEqual } from '../../support/replay-equal.js';
import { listReminders } from '../../support/reminder-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

interface ReadMessage {
  id: number;
  content: string;
  sender_id: number;
  sender_full_name: string;
  sender_email: string;
  display_recipient: unknown;
}

/**
 * After an erasure, in either mode, the live read models equal a replay of the log whose keys are gone
 * (every value of the person's reads as its placeholder there from the start), and other people's
 * history still reads: ids and structure stay.
 */
describe('erasure: what stays, and a replay equals the live models', function () {
  this.timeout(120_000);
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: number;
  let gone: PersonTrail;
  let kept: PersonTrail;

  const replayEqual = (): Promise<void> => expectReplayEqual(server);
  const read = async (client: ApiClient, id: number): Promise<ReadMessage | null> => {
    const res = await client.get(`/messages/${id}`, { apply_markdown: 'false' });
    return res.status === 200 ? (res.body.message as unknown as ReadMessage) : null;
  };

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [channelId] = await createChannels(server.owner, ['commons']);
    expectSuccess(await subscribe(alice, ['commons']));
    expectSuccess(await subscribe(bob, ['commons']));
    const profileFieldId = expectSuccess(await server.owner.post('/realm/profile_fields', { name: 'Desk', hint: 'Where', field_type: 1 })).id as number;
    const setting = { server, channelId, profileFieldId, peer: alice, third: bob };
    gone = await personWithEverything(setting, personTokens('gone'));
    kept = await personWithEverything(setting, personTokens('kept'));
    await replayEqual();
  });
  after(() => server.stop());

  it('with their messages: deletes what they sent and their one-to-one conversations, keeps group conversations by others', async () => {
    const erased = expectSuccess(await server.owner.post(`/erasure/users/${gone.client.userId}`, { mode: 'with_messages' }));
    expect(erased.deleted_message_ids).to.include.members([gone.channelMessage, gone.directMessage, gone.groupMessage, gone.directFromPeer]);
    expect(erased.deleted_message_ids).to.not.include(gone.groupFromPeer);
    expect(erased.deleted_attachment_ids).to.have.length(2);
    for (const id of [gone.channelMessage, gone.directMessage, gone.groupMessage, gone.directFromPeer]) expect(await read(alice, id), `message ${id}`).to.equal(null);
    const group = await read(bob, gone.groupFromPeer);
    expect(group?.content).to.equal('a word for you both');
    const id = gone.client.userId;
    expect(group?.display_recipient).to.deep.include({ id, email: `deleteduser${id}@erased.invalid`, full_name: `Deleted User ${id}`, is_mirror_dummy: false });
    // The reminder alice set on their message went with it.
    expect((await listReminders(alice)).map((each) => each.reminder_id)).to.not.include(gone.peerReminder);
    await replayEqual();
  });

  it('preserving their messages: the others still read them, sent by "Deleted User N"', async () => {
    const erased = expectSuccess(await server.owner.post(`/erasure/users/${kept.client.userId}`, { mode: 'preserving_messages' }));
    expect(erased.deleted_message_ids).to.not.include.any.members([kept.channelMessage, kept.directMessage, kept.groupMessage, kept.directFromPeer, kept.groupFromPeer]);
    expect(erased.deleted_attachment_ids).to.have.length(1);
    const id = kept.client.userId;
    for (const messageId of [kept.channelMessage, kept.directMessage, kept.groupMessage]) {
      const message = await read(alice, messageId);
      expect(message, `message ${messageId}`).to.include({ sender_id: id, sender_full_name: `Deleted User ${id}`, sender_email: `deleteduser${id}@erased.invalid` });
    }
    // Alice's reminder quoted them by name: it goes, though the message stays.
    expect((await listReminders(alice)).map((each) => each.reminder_id)).to.not.include(kept.peerReminder);
    await replayEqual();
  });

  it('leaves them in no channel, holding no message, and their account without settings, profile, status or alert words', async () => {
    for (const trail of [gone, kept]) {
      const id = trail.client.userId;
      const subscribers = expectSuccess(await alice.get(`/streams/${channelId}/members`)).subscribers as number[];
      expect(subscribers).to.not.include(id);
      const user = expectSuccess(await server.owner.get(`/users/${id}`, { include_custom_profile_fields: 'true' })).user as Record<string, unknown>;
      expect(user).to.include({ full_name: `Deleted User ${id}`, timezone: '' });
      expect(user.profile_data ?? {}).to.deep.equal({});
      expect(await server.ctx.models.alertWords.get(id)).to.equal(undefined);
      expect(await server.ctx.models.userStatuses.get(id)).to.equal(undefined);
      expect(await server.ctx.models.pushDevices.findMany('user_id', id)).to.deep.equal([]);
      expect(await server.ctx.models.subscriptions.findMany('user_id', id)).to.deep.equal([]);
    }
    // What they read or starred goes too: they hold no row of the messages kept.
    expect(await server.ctx.models.messages.holders(kept.groupFromPeer)).to.deep.equal([alice.userId, bob.userId].sort((a, b) => a - b));
    expect(await server.ctx.models.messages.holders(kept.channelMessage)).to.not.include(kept.client.userId);
  });
});
