import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { loggedData } from '../../support/log-rows.js';
import { postToChannel } from '../../support/message-requests.js';
import { advanceAndRun, listReminders, scheduleReminder, secondsFromNow } from '../../support/reminder-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('reminders: a deactivated creator', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['design']);
  });
  after(() => server.stop());

  it('is not reminded: the reminder fails, and is listed as failed once they are back', async function () {
    const messageId = await postToChannel(bob, 'design', 'lunch', 'Pizza?');
    const reminderId = await scheduleReminder(alice, messageId, secondsFromNow(server, 60));
    expectSuccess(await server.owner.delete(`/users/${alice.userId}`));
    expect(await advanceAndRun(server, 60_000)).to.equal(1);
    expect(loggedData(server, 'ReminderDeliveryFailed')).to.deep.equal([{ reminder_id: reminderId, creator_id: alice.userId, reason: 'creator_deactivated' }]);
    expect(loggedData(server, 'ReminderDelivered')).to.deep.equal([]);
    expectSuccess(await server.owner.post(`/users/${alice.userId}/reactivate`));
    expect((await listReminders(alice)).map((reminder) => [reminder.reminder_id, reminder.failed])).to.deep.equal([[reminderId, true]]);
  });
});
