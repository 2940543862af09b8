import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { loggedData } from '../../support/log-rows.js';
import { postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { listReminders, scheduleReminder, secondsFromNow } from '../../support/reminder-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** The public API answers an unknown reminder with 404 and code BAD_REQUEST. */
function expectNoSuchReminder(res: ApiResponse): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(404);
  expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: 'Reminder does not exist' });
}

describe('reminders: DELETE /reminders/{id}, client events and the register section', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let messageId: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(bob, ['design']);
    messageId = await postToChannel(bob, 'design', 'lunch', 'Pizza?');
  });

  after(async function () {
    await server.stop();
  });

  it('deletes the caller\'s reminder, which then leaves the list and cannot be deleted again', async function () {
    const id = await scheduleReminder(alice, messageId, secondsFromNow(server, 600));
    expectSuccess(await alice.delete(`/reminders/${id}`));
    expect((await listReminders(alice)).map((reminder) => reminder.reminder_id)).to.not.include(id);
    expect(loggedData(server, 'ReminderDeleted').at(-1)).to.deep.equal({ reminder_id: id, creator_id: alice.userId });
    await expectNothingRecorded(server, () => alice.delete(`/reminders/${id}`), expectNoSuchReminder);
  });

  it('answers 404 for an unknown reminder and for someone else\'s, which stays', async function () {
    await expectNothingRecorded(server, () => alice.delete('/reminders/424242'), expectNoSuchReminder);
    const bobs = await scheduleReminder(bob, messageId, secondsFromNow(server, 600));
    await expectNothingRecorded(server, () => alice.delete(`/reminders/${bobs}`), expectNoSuchReminder);
    expect((await listReminders(bob)).map((reminder) => reminder.reminder_id)).to.include(bobs);
  });

  it('tells only the creator\'s queues: reminders add, then remove', async function () {
    const aliceQueue = await registerQueue(alice, { event_types: ['reminders'] });
    const bobQueue = await registerQueue(bob, { event_types: ['reminders'] });
    const at = secondsFromNow(server, 900);
    const id = await scheduleReminder(alice, messageId, at);
    expectSuccess(await alice.delete(`/reminders/${id}`));
    const events = ofType(await drain(aliceQueue), 'reminders').map(({ id: _id, ...rest }) => rest);
    expect(events).to.have.length(2);
    const [added, removed] = events;
    expect(added.op).to.equal('add');
    expect(added.reminders).to.deep.equal((added.reminders as unknown[]).slice(0, 1));
    expect((added.reminders as Record<string, unknown>[])[0]).to.include({ reminder_id: id, scheduled_delivery_timestamp: at, failed: false, reminder_target_message_id: messageId });
    expect(removed).to.deep.equal({ type: 'reminders', op: 'remove', reminder_id: id });
    expect(ofType(await drain(bobQueue), 'reminders')).to.deep.equal([]);
  });

  it('register\'s reminders section holds what GET /reminders lists', async function () {
    await scheduleReminder(alice, messageId, secondsFromNow(server, 1200), { note: 'again' });
    const state = (await registerQueue(alice, { fetch_event_types: ['reminders'] })).state;
    expect(state.reminders).to.deep.equal(await listReminders(alice));
    expect(state.reminders).to.have.length.greaterThan(0);
    const realm = (await registerQueue(alice, { fetch_event_types: ['realm'] })).state;
    expect(realm.max_reminder_note_length).to.equal(1000);
  });
});
