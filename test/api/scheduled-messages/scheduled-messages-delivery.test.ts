import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { loggedData } from '../../support/log-rows.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { advanceAndRun, secondsFromNow } from '../../support/reminder-requests.js';
import { expectBadRequest, expectSuccess } from '../../support/response-assertions.js';
import { listScheduled, scheduleDirect, scheduledId, scheduleToChannel } from '../../support/scheduled-message-requests.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { countRevisionConflicts } from '../../support/revision-conflicts.js';

const MINUTE = 60_000;

describe('scheduled messages: delivery by the scheduler', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, design: number;

  beforeEach(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [design] = await createChannels(alice, ['design'], { principals: [alice.userId, bob.userId] });
  });
  afterEach(() => server.stop());

  const sentBy = (userId: number): Record<string, unknown>[] => loggedData(server, 'MessageSent').filter((data) => data.sender_id === userId);

  it('sends nothing before the time, then the message as its sender, once; the sender hears remove, the receivers the message', async function () {
    const id = scheduledId(await scheduleToChannel(alice, design, 'plans', 'Ship **it**', secondsFromNow(server, 600), { read_by_sender: true }));
    const before = sentBy(alice.userId).length;
    const mine = await registerQueue(alice, { event_types: ['scheduled_messages', 'message'] });
    const theirs = await registerQueue(bob, { event_types: ['message'] });
    expect(await advanceAndRun(server, 10 * MINUTE - 1000)).to.equal(0);
    expect(sentBy(alice.userId)).to.have.length(before);
    expect(await advanceAndRun(server, 1000)).to.equal(1);
    const sent = sentBy(alice.userId).slice(before);
    expect(sent).to.have.length(1);
    expect(sent[0]).to.deep.include({ recipient: { type: 'channel', channel_id: design, topic: 'plans' }, content: 'Ship **it**', read: [alice.userId] });
    expect(loggedData(server, 'ScheduledMessageSent')).to.deep.equal([{ scheduled_message_id: id, sender_id: alice.userId, message_id: sent[0].message_id }]);
    const events = await drain(mine);
    expect(ofType(events, 'scheduled_messages', 'remove').map((event) => event.scheduled_message_id)).to.deep.equal([id]);
    expect(ofType(events, 'message')).to.have.length(1);
    expect(ofType(await drain(theirs), 'message')).to.have.length(1);
    expect(await listScheduled(alice)).to.deep.equal([]);
    expect(await advanceAndRun(server, 10 * MINUTE)).to.equal(0);
    expect(sentBy(alice.userId).slice(before)).to.have.length(1);
  });

  it('is delivered exactly once at its time across a restart', async function () {
    scheduledId(await scheduleDirect(alice, [bob.userId], 'See you', secondsFromNow(server, 600)));
    const before = sentBy(alice.userId).length;
    server = await server.restart();
    expect(await advanceAndRun(server, 10 * MINUTE - 1000)).to.equal(0);
    expect(await advanceAndRun(server, 1000)).to.equal(1);
    server = await server.restart();
    expect(await advanceAndRun(server, 20 * MINUTE)).to.equal(0);
    expect(sentBy(alice.userId).slice(before).map((data) => data.content)).to.deep.equal(['See you']);
    expect(loggedData(server, 'ScheduledMessageSent')).to.have.length(1);
  });

  it('is sent once however many runs see it due at the same time', async function () {
    scheduledId(await scheduleDirect(alice, [bob.userId], 'Once', secondsFromNow(server, 60)));
    server.clock.advance(MINUTE);
    const conflicts = countRevisionConflicts(server);
    const before = sentBy(alice.userId).length;
    await Promise.all([server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue()]);
    expect(sentBy(alice.userId).slice(before).map((data) => data.content)).to.deep.equal(['Once']);
    expect(loggedData(server, 'ScheduledMessageSent')).to.have.length(1);
    expect(conflicts()).to.be.greaterThan(0);
  });

  it('a message to a channel archived meanwhile fails: listed with failed true, an update event; a new time schedules it again', async function () {
    const id = scheduledId(await scheduleToChannel(alice, design, 'plans', 'Too late', secondsFromNow(server, 600)));
    expectSuccess(await server.owner.delete(`/streams/${design}`));
    const mine = await registerQueue(alice, { event_types: ['scheduled_messages'] });
    expect(await advanceAndRun(server, 10 * MINUTE)).to.equal(1);
    expect(loggedData(server, 'ScheduledMessageFailed').map((data) => data.scheduled_message_id)).to.deep.equal([id]);
    const [listed] = await listScheduled(alice);
    expect(listed).to.include({ scheduled_message_id: id, failed: true });
    const [update] = ofType(await drain(mine), 'scheduled_messages', 'update');
    expect(update.scheduled_message).to.include({ scheduled_message_id: id, failed: true });
    expectBadRequest(await alice.patch(`/scheduled_messages/${id}`, { content: 'Retry' }), "'scheduled_delivery_timestamp'");
    expectSuccess(await server.owner.patch(`/streams/${design}`, { is_archived: false }));
    expectSuccess(await alice.patch(`/scheduled_messages/${id}`, { scheduled_delivery_timestamp: secondsFromNow(server, 60) }));
    expect((await listScheduled(alice))[0]).to.include({ failed: false });
    expect(await advanceAndRun(server, MINUTE)).to.equal(1);
    expect(sentBy(alice.userId).map((data) => data.content)).to.include('Too late');
  });

  it('fails when its sender was deactivated', async function () {
    const id = scheduledId(await scheduleDirect(alice, [bob.userId], 'Bye', secondsFromNow(server, 60)));
    expectSuccess(await server.owner.delete(`/users/${alice.userId}`));
    expect(await advanceAndRun(server, MINUTE)).to.equal(1);
    expect(loggedData(server, 'ScheduledMessageFailed')).to.deep.equal([{ scheduled_message_id: id, sender_id: alice.userId, reason: 'The sender is deactivated.' }]);
  });
});
