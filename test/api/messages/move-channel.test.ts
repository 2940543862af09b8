import { expect } from 'chai';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { advanceSeconds, editMessage, edited, messageAs, placeOf } from '../../support/edit-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectBadRequest, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

describe('PATCH /messages/{id}: moving to another channel', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, guest: ApiClient, moderator: ApiClient;
  let general: number, other: number, shared: number, vault: number;
  before(async () => {
    ({ server, alice, bob, carol, guest, moderator } = await startServerWith('alice', 'bob', 'carol', 'guest', 'moderator'));
    [general, other] = await createChannels(alice, ['general', 'other']);
    [shared] = await createChannels(alice, ['shared'], { invite_only: true });
    [vault] = await createChannels(alice, ['vault'], { invite_only: true, history_public_to_subscribers: false });
    expectSuccess(await subscribe(alice, ['general'], { principals: [bob.userId, guest.userId, moderator.userId] }));
    expectSuccess(await subscribe(alice, ['shared', 'vault'], { principals: [carol.userId] }));
    expectSuccess(await subscribe(alice, ['other'], { principals: [guest.userId] }));
  });
  after(() => server.stop());

  const nowSeconds = (): number => Math.floor(server.clock.now() / 1000);
  const refused = (client: ApiClient, id: number, params: Record<string, unknown>, mentions: string): Promise<void> =>
    expectNothingRecorded(server, () => editMessage(client, id, params), (res) => expectBadRequest(res, mentions));

  it('moves messages with a new topic, recording channel and topic in each history entry', async function () {
    const ids = [await postToChannel(alice, 'general', 'trip', 'plan'), await postToChannel(alice, 'general', 'trip', 'tickets')];
    await edited(alice, ids[0], { stream_id: other, topic: 'travel', propagate_mode: 'change_all', send_notification_to_new_thread: false });
    for (const id of ids) {
      expect(await placeOf(alice, id)).to.deep.equal({ stream_id: other, subject: 'travel' });
      const message = await messageAs(alice, id);
      expect(message.edit_history).to.deep.equal([{ timestamp: nowSeconds(), user_id: alice.userId, prev_topic: 'trip', topic: 'travel', prev_stream: general, stream: other }]);
      expect(message.last_moved_timestamp).to.equal(nowSeconds());
    }
  });

  it('keeps the topic when only stream_id is given; holders not subscribed to the new channel read it from public history', async function () {
    const id = await postToChannel(alice, 'general', 'keep', 'same topic');
    expectSuccess(await bob.post('/messages/flags', { messages: [id], op: 'add', flag: 'starred' }));
    await edited(bob, id, { stream_id: other, send_notification_to_new_thread: false });
    expect(await placeOf(alice, id)).to.deep.equal({ stream_id: other, subject: 'keep' });
    expect((await messageAs(alice, id)).edit_history).to.deep.equal([{ timestamp: nowSeconds(), user_id: bob.userId, prev_stream: general, stream: other }]);
    // Bob is not subscribed to "other": his row went with the move, and the public channel still shows it to him.
    expect((await messageAs(bob, id)).flags).to.deep.equal(['read', 'historical']);
  });

  it('takes the messages away from holders who cannot read a private destination', async function () {
    const id = await postToChannel(alice, 'general', 'confidential', 'psst');
    await edited(alice, id, { stream_id: shared, send_notification_to_new_thread: false });
    for (const client of [bob, guest]) expectBadRequest(await client.get(`/messages/${id}`), 'Invalid message(s)');
    expect(await placeOf(carol, id)).to.deep.equal({ stream_id: shared, subject: 'confidential' });
  });

  it('gives subscribers of a destination with protected history read rows of what arrives', async function () {
    const id = await postToChannel(alice, 'general', 'archive me', 'for the vault');
    await edited(alice, id, { stream_id: vault, send_notification_to_new_thread: false });
    expect((await messageAs(carol, id)).flags).to.deep.equal(['read']);
    expectBadRequest(await bob.get(`/messages/${id}`), 'Invalid message(s)');
  });

  it('refuses movers without the permission, guests by default, and destinations one may not post to or read', async function () {
    const id = await postToChannel(alice, 'general', 'stay', 'here');
    await refused(guest, id, { stream_id: other }, 'another channel');
    await refused(bob, id, { stream_id: vault }, "Invalid 'stream_id'");
    await refused(bob, id, { stream_id: 424242 }, "Invalid 'stream_id'");
    const groups = await systemGroupIds(server.owner);
    expectSuccess(await server.owner.patch('/realm', { can_move_messages_between_channels_group: { new: groups['role:moderators'] } }));
    try {
      await refused(bob, id, { stream_id: other }, 'another channel');
    } finally {
      expectSuccess(await server.owner.patch('/realm', { can_move_messages_between_channels_group: { new: groups['role:members'] } }));
    }
    expectSuccess(await alice.patch(`/streams/${other}`, { can_send_message_group: JSON.stringify({ new: groups['role:administrators'] }) }));
    try {
      await refused(bob, id, { stream_id: other }, "permission to post in channel 'other'");
    } finally {
      expectSuccess(await alice.patch(`/streams/${other}`, { can_send_message_group: JSON.stringify({ new: groups['role:everyone'] }) }));
    }
    expect(await placeOf(alice, id)).to.deep.equal({ stream_id: general, subject: 'stay' });
  });

  it("applies the destination's topics policy", async function () {
    const [quiet] = await createChannels(alice, ['quiet'], { topics_policy: 'empty_topic_only' });
    const id = await postToChannel(alice, 'general', 'named topic', 'hi');
    await refused(alice, id, { stream_id: quiet }, "Invalid 'topic'");
    await edited(alice, id, { stream_id: quiet, topic: '', send_notification_to_new_thread: false });
    expect(await placeOf(alice, id)).to.deep.equal({ stream_id: quiet, subject: '' });
  });

  it('limits moves between channels by move_messages_between_streams_limit_seconds, moderators aside', async function () {
    expectSuccess(await server.owner.patch('/realm', { move_messages_between_streams_limit_seconds: 3600 }));
    try {
      const id = await postToChannel(alice, 'general', 'dusty', 'old');
      advanceSeconds(server, 3621);
      await expectNothingRecorded(server, () => editMessage(bob, id, { stream_id: other }), (res) => {
        expect(res.body).to.include({ code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', first_message_id_allowed_to_move: null, total_messages_in_topic: 1, total_messages_allowed_to_move: 0 });
      });
      // Renaming the topic in place has its own (longer) limit.
      await edited(bob, id, { topic: 'dusty but renamed', send_notification_to_new_thread: false });
      await edited(moderator, id, { stream_id: other, send_notification_to_new_thread: false });
    } finally {
      expectSuccess(await server.owner.patch('/realm', { move_messages_between_streams_limit_seconds: 604800 }));
    }
  });
});
