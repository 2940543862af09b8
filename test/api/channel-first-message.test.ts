import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { edited } from '../support/edit-requests.js';
import { deleteMessage } from '../support/message-change-requests.js';
import { postToChannel } from '../support/message-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe("channels' first_message_id through sends, moves and deletions", function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let gardenId: number, shedId: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [gardenId, shedId] = await createChannels(alice, ['garden', 'shed'], { principals: [alice.userId, bob.userId] });
  });
  after(() => server.stop());

  const noNotice = { send_notification_to_old_thread: false, send_notification_to_new_thread: false };
  /** The channel's first_message_id as GET /streams/{id}, GET /streams and both register sections show it. */
  async function firstOf(channelId: number): Promise<unknown> {
    const one = (expectSuccess(await bob.get(`/streams/${channelId}`)).stream as { first_message_id: unknown }).first_message_id;
    const listed = (expectSuccess(await bob.get('/streams')).streams as { stream_id: number; first_message_id: unknown }[]).find((each) => each.stream_id === channelId)?.first_message_id;
    const { state } = await registerQueue(bob, { fetch_event_types: ['stream', 'subscription'] });
    const inStreams = (state.streams as { stream_id: number; first_message_id: unknown }[]).find((each) => each.stream_id === channelId)?.first_message_id;
    const inSubscriptions = (state.subscriptions as { stream_id: number; first_message_id: unknown }[]).find((each) => each.stream_id === channelId)?.first_message_id;
    expect([listed, inStreams, inSubscriptions]).to.deep.equal([one, one, one]);
    return one;
  }
  const firstMessageEvents = async (queue: Awaited<ReturnType<typeof registerQueue>>) =>
    ofType(await drain(queue), 'stream', 'update').filter((event) => event.property === 'first_message_id').map((event) => [event.stream_id, event.value]);

  it("is the notification bot's notice a new channel starts with; null once the channel has no messages", async function () {
    for (const channelId of [gardenId, shedId]) {
      const narrow = JSON.stringify([{ operator: 'channel', operand: channelId }]);
      const notices = expectSuccess(await alice.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow })).messages as { id: number; subject: string }[];
      expect(notices.map((notice) => notice.subject)).to.deep.equal(['channel events']);
      expect(await firstOf(channelId)).to.equal(notices[0].id);
      expectSuccess(await deleteMessage(server.owner, notices[0].id));
      expect(await firstOf(channelId)).to.equal(null);
    }
  });

  it('is the first message sent once there is one', async function () {
    const queue = await registerQueue(bob);
    const first = await postToChannel(alice, 'garden', 'roses', 'planted');
    await postToChannel(alice, 'garden', 'roses', 'watered');
    expect(await firstOf(gardenId)).to.equal(first);
    expect(await firstMessageEvents(queue)).to.deep.equal([[gardenId, first]]);
  });

  it('moves on when the first message is deleted, and is null again when the last goes', async function () {
    const ids = (expectSuccess(await bob.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow: JSON.stringify([{ operator: 'channel', operand: gardenId }]) })).messages as { id: number }[]).map((m) => m.id);
    const queue = await registerQueue(bob);
    expectSuccess(await deleteMessage(alice, ids[1]));
    expect(await firstMessageEvents(queue)).to.deep.equal([]);
    expectSuccess(await deleteMessage(alice, ids[0]));
    expect(await firstOf(gardenId)).to.equal(null);
    expect(await firstMessageEvents(queue)).to.deep.equal([[gardenId, null]]);
  });

  it('follows moves: the channel left gets its next oldest, the channel entered an older message', async function () {
    const older = await postToChannel(alice, 'shed', 'tools', 'rake');
    const kept = await postToChannel(alice, 'shed', 'paint', 'green');
    const newer = await postToChannel(alice, 'garden', 'beds', 'dug');
    expect(await firstOf(shedId)).to.equal(older);
    expect(await firstOf(gardenId)).to.equal(newer);
    const queue = await registerQueue(bob);
    await edited(alice, older, { stream_id: gardenId, propagate_mode: 'change_all', ...noNotice });
    expect(await firstOf(shedId)).to.equal(kept);
    expect(await firstOf(gardenId)).to.equal(older);
    expect(await firstMessageEvents(queue)).to.have.deep.members([[gardenId, older], [shedId, kept]]);
    // A move of messages newer than the first changes nothing.
    await edited(alice, kept, { stream_id: gardenId, propagate_mode: 'change_all', ...noNotice });
    expect(await firstOf(gardenId)).to.equal(older);
    expect(await firstOf(shedId)).to.equal(null);
    expect(await firstMessageEvents(queue)).to.deep.equal([[shedId, null]]);
  });

});
