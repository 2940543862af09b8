import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { loggedData } from '../../support/log-rows.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { listReminders, remind, scheduleReminder, secondsFromNow } from '../../support/reminder-requests.js';
import { expectBadRequest, expectExactFailure, expectFailure } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('reminders: POST /reminders and GET /reminders', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let publicId: number, privateId: number, dmId: number, aliceId: number;

  before(async function () {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    aliceId = (await alice.get('/users/me')).body.user_id as number;
    await createChannels(bob, ['design']);
    await createChannels(bob, ['secret'], { invite_only: true });
    publicId = await postToChannel(bob, 'design', 'lunch', 'Pizza?');
    privateId = await postToChannel(bob, 'secret', 'plans', 'hush');
    dmId = await postDirect(bob, [(await carol.get('/users/me')).body.user_id as number], 'between us');
  });

  after(async function () {
    await server.stop();
  });

  it('answers the new reminder id and lists it in the public shape, soonest first', async function () {
    const later = secondsFromNow(server, 7200);
    const sooner = secondsFromNow(server, 3600);
    const first = await scheduleReminder(alice, publicId, later, { note: '  call Bob  ' });
    const second = await scheduleReminder(alice, publicId, sooner);
    expect(second).to.equal(first + 1);
    const listed = await listReminders(alice);
    expect(listed.map((reminder) => reminder.reminder_id)).to.deep.equal([second, first]);
    const [, withNote] = listed;
    expect(Object.keys(withNote).sort()).to.deep.equal(
      ['content', 'failed', 'reminder_id', 'reminder_target_message_id', 'rendered_content', 'scheduled_delivery_timestamp', 'to', 'type'],
    );
    expect(withNote).to.include({ reminder_id: first, type: 'private', scheduled_delivery_timestamp: later, failed: false, reminder_target_message_id: publicId });
    expect(withNote.to).to.deep.equal([aliceId]);
    expect(withNote.content).to.contain('Note:\n> call Bob\n');
    expect(withNote.rendered_content).to.contain('<blockquote>');
    expect(loggedData(server, 'ReminderScheduled').at(-2)).to.include({ reminder_id: first, creator_id: aliceId, message_id: publicId, note: 'call Bob', deliver_at: later * 1000 });
    expect(await listReminders(bob)).to.deep.equal([]);
  });

  it('accepts a message the creator may read from a public channel they are not in', async function () {
    const id = await scheduleReminder(carol, publicId, secondsFromNow(server, 60));
    expect((await listReminders(carol)).map((reminder) => reminder.reminder_id)).to.include(id);
  });

  it('refuses, recording nothing, a message the creator cannot read (private channel, others\' direct message, unknown)', async function () {
    for (const messageId of [privateId, dmId, 999_999]) {
      await expectNothingRecorded(server, () => remind(alice, messageId, secondsFromNow(server, 60)), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid message(s)'));
    }
  });

  it('refuses a delivery time that is not in the future', async function () {
    for (const at of [secondsFromNow(server, 0), secondsFromNow(server, -60)]) {
      await expectNothingRecorded(server, () => remind(alice, publicId, at), (res) =>
        expectExactFailure(res, 'BAD_REQUEST', "Invalid 'scheduled_delivery_timestamp': the delivery time must be in the future."),
      );
    }
  });

  it('refuses a note longer than 1000 characters, and accepts one of exactly 1000', async function () {
    await expectNothingRecorded(server, () => remind(alice, publicId, secondsFromNow(server, 60), { note: 'n'.repeat(1001) }), (res) =>
      expectExactFailure(res, 'BAD_REQUEST', "Invalid 'note': a reminder note is at most 1000 characters long."),
    );
    await scheduleReminder(alice, publicId, secondsFromNow(server, 60), { note: 'n'.repeat(1000) });
  });

  it('names a missing or malformed parameter', async function () {
    expectFailure(await alice.post('/reminders', { scheduled_delivery_timestamp: secondsFromNow(server, 60) }), 'REQUEST_VARIABLE_MISSING', "'message_id'");
    expectFailure(await alice.post('/reminders', { message_id: publicId }), 'REQUEST_VARIABLE_MISSING', "'scheduled_delivery_timestamp'");
    expectBadRequest(await remind(alice, publicId, 'tomorrow' as unknown as number), "'scheduled_delivery_timestamp'");
    expectBadRequest(await remind(alice, publicId, secondsFromNow(server, 60) + 0.5), "'scheduled_delivery_timestamp'");
    expectBadRequest(await remind(alice, 'first' as unknown as number, secondsFromNow(server, 60)), "'message_id'");
  });

  it('needs authentication', async function () {
    expect((await server.anonymous.get('/reminders')).status).to.equal(401);
    expect((await server.anonymous.post('/reminders', { message_id: publicId, scheduled_delivery_timestamp: secondsFromNow(server, 60) })).status).to.equal(401);
  });
});
