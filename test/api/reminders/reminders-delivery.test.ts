import { expect } from 'chai';
import { NOTIFICATION_BOT } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { objectField, stringField } from '../../support/json-fields.js';
import { loggedData } from '../../support/log-rows.js';
import { botMessagesTo } from '../../support/bot-messages.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { advanceAndRun, listReminders, scheduleReminder, secondsFromNow } from '../../support/reminder-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { countRevisionConflicts } from '../../support/revision-conflicts.js';

const HOUR = 3_600_000;

describe('reminders: delivery', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let messageId: number, aliceId: number;

  beforeEach(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['design']);
    messageId = await postToChannel(bob, 'design', 'lunch', 'Pizza at **noon**?');
    aliceId = (await alice.get('/users/me')).body.user_id as number;
  });

  afterEach(async function () {
    await server.stop();
  });

  it('sends nothing before the time, then a direct message from the notification bot linking the message, with the note', async function () {
    const reminderId = await scheduleReminder(alice, messageId, secondsFromNow(server, 3600), { note: 'book a table' });
    expect(await advanceAndRun(server, HOUR - 1000)).to.equal(0);
    expect(await botMessagesTo(server, aliceId)).to.deep.equal([]);
    const queue = await registerQueue(alice, { event_types: ['message', 'reminders'] });
    expect(await advanceAndRun(server, 1000)).to.equal(1);
    const [sent] = await botMessagesTo(server, aliceId);
    expect(sent.recipient).to.deep.equal({ type: 'direct', user_ids: [sent.sender_id as number, aliceId].sort((a, b) => a - b) });
    expect(sent.content).to.equal(
      `You requested a reminder for #**design>lunch@${messageId}**.\n\nNote:\n> book a table\n\n` +
        `@_**Bob|${(await bob.get('/users/me')).body.user_id}** [said](${server.ctx.config.externalUrl}/#narrow/channel/` +
        `${(await server.ctx.models.channels.findOne('name_key', 'design'))?.channel_id}-design/topic/lunch/near/${messageId}):\n` +
        '```quote\nPizza at **noon**?\n```',
    );
    expect(sent.rendered_content).to.contain('class="message-link"').and.contain(`/near/${messageId}`);
    expect(sent.rendered_content).to.contain('<blockquote>\n<p>Pizza at <strong>noon</strong>?</p>\n</blockquote>');
    expect(loggedData(server, 'ReminderDelivered')).to.deep.equal([{ reminder_id: reminderId, creator_id: aliceId, delivered_message_id: sent.message_id }]);
    const events = await drain(queue);
    expect(ofType(events, 'message').map((event) => objectField(event, 'message').id)).to.deep.equal([sent.message_id]);
    expect(ofType(events, 'reminders', 'remove').map(({ id: _id, ...rest }) => rest)).to.deep.equal([{ type: 'reminders', op: 'remove', reminder_id: reminderId }]);
    expect(await listReminders(alice)).to.deep.equal([]);
    const fetched = expectSuccess(await alice.get(`/messages/${String(sent.message_id)}`));
    expect(stringField(objectField(fetched, 'message'), 'sender_email')).to.equal(NOTIFICATION_BOT.email);
    expect(objectField(fetched, 'message').flags).to.not.include('read');
  });

  it('says "the following direct message" for a direct message, and quotes it', async function () {
    const dm = await postDirect(bob, [aliceId], 'see you at 5');
    await scheduleReminder(alice, dm, secondsFromNow(server, 60));
    await advanceAndRun(server, 60_000);
    const [sent] = await botMessagesTo(server, aliceId);
    expect(sent.content).to.match(/^You requested a reminder for the following direct message\.\n\n@_\*\*Bob\|\d+\*\* \[said\]\(http.*\/#narrow\/dm\/\d+-Bob\/near\/\d+\):\n```quote\nsee you at 5\n```$/);
  });

  it('is delivered exactly once after a restart', async function () {
    await scheduleReminder(alice, messageId, secondsFromNow(server, 600));
    server = await server.restart();
    expect(await advanceAndRun(server, 600_000)).to.equal(1);
    expect(await advanceAndRun(server, 600_000)).to.equal(0);
    expect(await botMessagesTo(server, aliceId)).to.have.length(1);
    expect(loggedData(server, 'ReminderDelivered')).to.have.length(1);
  });

  it('is delivered once however many runs see it due, one after the other or at the same time', async function () {
    await scheduleReminder(alice, messageId, secondsFromNow(server, 60));
    await scheduleReminder(alice, messageId, secondsFromNow(server, 120));
    server.clock.advance(120_000);
    const conflicts = countRevisionConflicts(server);
    await Promise.all([server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue()]);
    await server.ctx.scheduler.runDue();
    // The runs that lost the race failed on the reminder's revision, decided again and sent nothing.
    expect(conflicts()).to.be.greaterThan(0);
    expect(await botMessagesTo(server, aliceId)).to.have.length(2);
    expect(loggedData(server, 'ReminderDelivered')).to.have.length(2);
  });

  it('is not sent once deleted', async function () {
    const reminderId = await scheduleReminder(alice, messageId, secondsFromNow(server, 60));
    expectSuccess(await alice.delete(`/reminders/${reminderId}`));
    expect(await advanceAndRun(server, 60_000)).to.equal(0);
    expect(await botMessagesTo(server, aliceId)).to.deep.equal([]);
  });
});
