import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('realtime: POST /messages/{message_id}/typing (editing a message)', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, design: number;

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [design] = await createChannels(alice, ['design'], { principals: [alice.userId, bob.userId] });
  });
  after(() => server.stop());

  it("a channel message: start and stop go to the channel's subscribers who listen to typing", async () => {
    const id = await postToChannel(alice, design, 'plans', 'Draft');
    const [bobQueue, carolQueue] = [await registerQueue(bob, { event_types: ['typing_edit_message'] }), await registerQueue(carol, { event_types: ['typing_edit_message'] })];
    for (const op of ['start', 'stop']) expectSuccess(await alice.post(`/messages/${id}/typing`, { op }));
    const events = ofType(await drain(bobQueue), 'typing_edit_message').map(({ id: _id, ...rest }) => rest);
    expect(events).to.deep.equal(['start', 'stop'].map((op) => ({ type: 'typing_edit_message', op, sender_id: alice.userId, message_id: id, recipient: { type: 'channel', channel_id: design, topic: 'plans' } })));
    expect(await drain(carolQueue)).to.deep.equal([]);
  });

  it("a direct message: its members, not someone who turned typing off; refused for a message one cannot read, or a bad op", async () => {
    const id = await postDirect(alice, [bob.userId], 'Hello');
    expectSuccess(await bob.patch('/settings', { receives_typing_notifications: false }));
    const bobQueue = await registerQueue(bob, { event_types: ['typing_edit_message'] });
    const aliceQueue = await registerQueue(alice, { event_types: ['typing_edit_message'] });
    expectSuccess(await alice.post(`/messages/${id}/typing`, { op: 'start' }));
    const [event] = ofType(await drain(aliceQueue), 'typing_edit_message');
    expect(event).to.deep.include({ sender_id: alice.userId, message_id: id, recipient: { type: 'direct', user_ids: [alice.userId, bob.userId].sort((a, b) => a - b) } });
    expect(await drain(bobQueue)).to.deep.equal([]);
    expectFailure(await carol.post(`/messages/${id}/typing`, { op: 'start' }), 'BAD_REQUEST', 'Invalid message(s)');
    expectFailure(await alice.post(`/messages/${id}/typing`, { op: 'sideways' }), 'BAD_REQUEST', 'op');
  });
});
