import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { drain, registerQueue } from '../../support/realtime-client.js';
import { secondsFromNow } from '../../support/reminder-requests.js';
import { expectBadRequest, expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { listScheduled, scheduleDirect, scheduledId, scheduleToChannel } from '../../support/scheduled-message-requests.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('scheduled messages: scheduling, listing, editing and deleting', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, design: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [design] = await createChannels(alice, ['design']);
  });
  after(() => server.stop());

  it('schedules a channel and a direct message, listed soonest first in the public shape', async function () {
    const later = secondsFromNow(server, 7200);
    const sooner = secondsFromNow(server, 3600);
    const channelId = scheduledId(await scheduleToChannel(alice, design, 'plans', 'Ship **it**', later));
    const directId = scheduledId(await scheduleDirect(alice, [bob.userId], 'Hi Bob', sooner));
    expect(await listScheduled(alice)).to.deep.equal([
      { scheduled_message_id: directId, type: 'private', to: [bob.userId], content: 'Hi Bob', rendered_content: '<p>Hi Bob</p>', scheduled_delivery_timestamp: sooner, failed: false },
      { scheduled_message_id: channelId, type: 'stream', to: design, topic: 'plans', content: 'Ship **it**', rendered_content: '<p>Ship <strong>it</strong></p>', scheduled_delivery_timestamp: later, failed: false },
    ]);
    expect(await listScheduled(bob)).to.deep.equal([]);
    for (const id of [channelId, directId]) expectSuccess(await alice.delete(`/scheduled_messages/${id}`));
  });

  it('refuses what a send would refuse, a time not in the future, and a channel message without a topic', async function () {
    const at = secondsFromNow(server, 60);
    const unknown = await scheduleToChannel(alice, 9999, 'x', 'hello', at);
    expectExactFailure(unknown, 'STREAM_DOES_NOT_EXIST', "Channel with ID '9999' does not exist");
    expect(unknown.body.stream_id).to.equal(9999);
    expectBadRequest(await scheduleDirect(alice, [9999], 'hello', at), '9999');
    expectBadRequest(await scheduleDirect(alice, [bob.userId], '   ', at), 'content');
    expectBadRequest(await scheduleDirect(alice, [bob.userId], 'hello', secondsFromNow(server, 0)), "'scheduled_delivery_timestamp'");
    const missing = await alice.post('/scheduled_messages', { type: 'stream', to: design, content: 'hello', scheduled_delivery_timestamp: at });
    expectExactFailure(missing, 'REQUEST_VARIABLE_MISSING', "Missing 'topic' argument");
    expect(await listScheduled(alice)).to.deep.equal([]);
  });

  it('edits content, topic, time and type; refuses an empty edit, a type change without recipients, and a past time', async function () {
    const id = scheduledId(await scheduleToChannel(alice, design, 'plans', 'Draft', secondsFromNow(server, 600)));
    const newTime = secondsFromNow(server, 900);
    expectSuccess(await alice.patch(`/scheduled_messages/${id}`, { content: 'Final', topic: 'launch', scheduled_delivery_timestamp: newTime }));
    expect((await listScheduled(alice))[0]).to.include({ content: 'Final', topic: 'launch', scheduled_delivery_timestamp: newTime, rendered_content: '<p>Final</p>' });
    expectBadRequest(await alice.patch(`/scheduled_messages/${id}`, {}), 'Nothing to change');
    expectBadRequest(await alice.patch(`/scheduled_messages/${id}`, { type: 'direct' }), "'to'");
    expectBadRequest(await alice.patch(`/scheduled_messages/${id}`, { scheduled_delivery_timestamp: secondsFromNow(server, -5) }), "'scheduled_delivery_timestamp'");
    expectSuccess(await alice.patch(`/scheduled_messages/${id}`, { type: 'direct', to: [bob.userId] }));
    const [edited] = await listScheduled(alice);
    expect(edited).to.include({ type: 'private', content: 'Final' }).and.not.have.property('topic');
    expect(edited.to).to.deep.equal([bob.userId]);
    expectBadRequest(await alice.patch(`/scheduled_messages/${id}`, { type: 'stream', to: design }), "'topic'");
    expectSuccess(await alice.delete(`/scheduled_messages/${id}`));
  });

  it("answers 404 \"Scheduled message does not exist\" for an unknown id, someone else's, or one deleted", async function () {
    const id = scheduledId(await scheduleDirect(alice, [bob.userId], 'Secret', secondsFromNow(server, 600)));
    for (const res of [await bob.delete(`/scheduled_messages/${id}`), await bob.patch(`/scheduled_messages/${id}`, { content: 'x' }), await alice.delete('/scheduled_messages/9999')]) {
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST', msg: 'Scheduled message does not exist' });
    }
    expectSuccess(await alice.delete(`/scheduled_messages/${id}`));
    expect((await alice.delete(`/scheduled_messages/${id}`)).status).to.equal(404);
  });

  it('tells only the sender: scheduled_messages add, update and remove, and the register section', async function () {
    const mine = await registerQueue(alice, { event_types: ['scheduled_messages'] });
    const theirs = await registerQueue(bob, { event_types: ['scheduled_messages'] });
    const at = secondsFromNow(server, 600);
    const id = scheduledId(await scheduleDirect(alice, [bob.userId], 'One', at));
    expectSuccess(await alice.patch(`/scheduled_messages/${id}`, { content: 'Two' }));
    expectSuccess(await alice.delete(`/scheduled_messages/${id}`));
    const events = (await drain(mine)).map(({ id: _id, ...rest }) => rest);
    const view = { scheduled_message_id: id, type: 'private', to: [bob.userId], scheduled_delivery_timestamp: at, failed: false };
    expect(events).to.deep.equal([
      { type: 'scheduled_messages', op: 'add', scheduled_messages: [{ ...view, content: 'One', rendered_content: '<p>One</p>' }] },
      { type: 'scheduled_messages', op: 'update', scheduled_message: { ...view, content: 'Two', rendered_content: '<p>Two</p>' } },
      { type: 'scheduled_messages', op: 'remove', scheduled_message_id: id },
    ]);
    expect(await drain(theirs)).to.deep.equal([]);
    expect(mine.state.scheduled_messages).to.deep.equal([]);
  });
});
