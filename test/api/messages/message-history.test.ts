import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { advanceSeconds, edited } from '../../support/edit-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('GET /messages/{message_id}/history', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, outsider: ApiClient;
  let roomId: number, annexId: number;

  before(async function () {
    ({ server, alice, bob, outsider } = await startServerWith('alice', 'bob', 'outsider'));
    [roomId, annexId] = await createChannels(alice, ['room', 'annex'], { principals: [alice.userId, bob.userId] });
    await createChannels(alice, ['vault'], { invite_only: true, principals: [alice.userId] });
  });
  after(() => server.stop());

  const noNotice = { send_notification_to_old_thread: false, send_notification_to_new_thread: false };
  const historyOf = async (client: ApiClient, id: number, params: Record<string, unknown> = {}) =>
    expectSuccess(await client.get(`/messages/${id}/history`, params)).message_history as Record<string, unknown>[];

  it('an unedited message has one state: as sent', async function () {
    const sentAt = Math.floor(server.clock.now() / 1000);
    const id = await postToChannel(alice, 'room', 'plans', 'hello');
    expect(await historyOf(bob, id)).to.deep.equal([{ timestamp: sentAt, user_id: alice.userId, topic: 'plans', content: 'hello', rendered_content: '<p>hello</p>' }]);
  });

  it('lists every state oldest first: content edits with the previous content and a diff, moves with the previous topic and channel', async function () {
    const sentAt = Math.floor(server.clock.now() / 1000);
    const id = await postToChannel(alice, 'room', 'plans', 'meet at noon');
    advanceSeconds(server, 10);
    await edited(alice, id, { content: 'meet at one' });
    const editedAt = Math.floor(server.clock.now() / 1000);
    advanceSeconds(server, 10);
    await edited(bob, id, { topic: 'lunch plans', stream_id: annexId, propagate_mode: 'change_one', ...noNotice });
    const movedAt = Math.floor(server.clock.now() / 1000);
    const history = await historyOf(bob, id);
    expect(history).to.have.length(3);
    expect(history[0]).to.deep.equal({ timestamp: sentAt, user_id: alice.userId, topic: 'plans', content: 'meet at noon', rendered_content: '<p>meet at noon</p>' });
    expect(history[1]).to.deep.include({
      timestamp: editedAt, user_id: alice.userId, topic: 'plans', content: 'meet at one', rendered_content: '<p>meet at one</p>',
      prev_content: 'meet at noon', prev_rendered_content: '<p>meet at noon</p>',
    });
    expect(history[1].content_html_diff).to.equal('<div><p>meet at <span class="highlight_text_deleted">noon</span><span class="highlight_text_inserted">one</span></p></div>');
    expect(history[2]).to.deep.equal({
      timestamp: movedAt, user_id: bob.userId, topic: 'lunch plans', prev_topic: 'plans', prev_stream: roomId, stream: annexId,
      content: 'meet at one', rendered_content: '<p>meet at one</p>',
    });
  });

  it("follows the organization's edit history visibility: only moves, or none at all", async function () {
    const id = await postToChannel(alice, 'room', 'policy', 'first');
    await edited(alice, id, { content: 'second' });
    await edited(alice, id, { topic: 'policies', propagate_mode: 'change_one', ...noNotice });
    expectExactFailure(
      await server.owner.patch('/realm', { message_edit_history_visibility_policy: 'some' }),
      'BAD_REQUEST',
      "Invalid 'message_edit_history_visibility_policy': must be one of all, moves, none",
    );
    expectSuccess(await server.owner.patch('/realm', { message_edit_history_visibility_policy: 'moves' }));
    const moves = await historyOf(bob, id);
    expect(moves.map((state) => [state.topic, state.prev_topic, state.content])).to.deep.equal([['policy', undefined, 'second'], ['policies', 'policy', 'second']]);
    expect(moves.some((state) => 'prev_content' in state)).to.equal(false);
    expectSuccess(await server.owner.patch('/realm', { message_edit_history_visibility_policy: 'none' }));
    expectExactFailure(await bob.get(`/messages/${id}/history`), 'BAD_REQUEST', 'Message edit history is disabled in this organization');
    const { state } = await registerQueue(bob, { fetch_event_types: ['realm'] });
    expect(state).to.include({ realm_allow_edit_history: false, realm_message_edit_history_visibility_policy: 'none' });
    expectSuccess(await server.owner.patch('/realm', { message_edit_history_visibility_policy: 'all' }));
    expect(await historyOf(bob, id)).to.have.length(3);
  });

  it('shows the empty topic by its display name unless the client allows the empty name', async function () {
    const id = await postToChannel(alice, 'room', '', 'no topic');
    expect((await historyOf(bob, id))[0].topic).to.equal('general chat');
    expect((await historyOf(bob, id, { allow_empty_topic_name: true }))[0].topic).to.equal('');
  });

  it('gives a direct message the empty topic, edited or not, whatever the client allows', async function () {
    const id = await postDirect(alice, [bob.userId], 'just between us');
    await edited(alice, id, { content: 'just between the two of us' });
    for (const params of [{}, { allow_empty_topic_name: true }]) {
      const history = await historyOf(bob, id, params);
      expect(history.map((state) => state.topic)).to.deep.equal(['', '']);
      expect(history[1]).to.include({ content: 'just between the two of us', prev_content: 'just between us' });
    }
  });

  it('refuses messages the caller may not read, and unknown ones', async function () {
    const secret = await postToChannel(alice, 'vault', 'x', 'private');
    const direct = await postDirect(alice, [bob.userId], 'just us');
    expectExactFailure(await outsider.get(`/messages/${secret}/history`), 'BAD_REQUEST', 'Invalid message(s)');
    expectExactFailure(await outsider.get(`/messages/${direct}/history`), 'BAD_REQUEST', 'Invalid message(s)');
    expectExactFailure(await bob.get('/messages/99999/history'), 'BAD_REQUEST', 'Invalid message(s)');
  });
});
