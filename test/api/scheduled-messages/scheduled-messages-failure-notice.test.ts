import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessagesTo } from '../../support/bot-messages.js';
import { createChannels } from '../../support/channel-requests.js';
import { objectField } from '../../support/json-fields.js';
import { loggedData } from '../../support/log-rows.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { advanceAndRun, secondsFromNow } from '../../support/reminder-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { listScheduled, scheduleDirect, scheduledId, scheduleToChannel } from '../../support/scheduled-message-requests.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const MINUTE = 60_000;

/** `<time:…>` of a UNIX time in seconds, as the public server writes it. */
const globalTime = (seconds: number): string => `<time:${new Date(seconds * 1000).toISOString().replace('.000Z', '+00:00')}>`;

describe('scheduled messages: the sender is told when one fails', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, design: number;

  beforeEach(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [design] = await createChannels(alice, ['design'], { principals: [alice.userId, bob.userId] });
  });
  afterEach(() => server.stop());

  it('a refused send: the notification bot explains it in a direct message, with the update event, once', async function () {
    const at = secondsFromNow(server, 600);
    const id = scheduledId(await scheduleToChannel(alice, design, 'plans', 'Too late', at));
    expectSuccess(await server.owner.delete(`/streams/${design}`));
    const mine = await registerQueue(alice, { event_types: ['scheduled_messages', 'message'] });
    expect(await advanceAndRun(server, 10 * MINUTE)).to.equal(1);
    const [reason] = loggedData(server, 'ScheduledMessageFailed').map((data) => data.reason as string);
    const notices = await botMessagesTo(server, alice.userId);
    expect(notices.map((data) => data.content)).to.deep.equal([
      `The message you scheduled for ${globalTime(at)} was not sent because of the following error:\n\n> ${reason}\n\n[View scheduled messages](#scheduled)`,
    ]);
    const iso = new Date(at * 1000).toISOString().replace('.000Z', 'Z');
    expect(notices[0].rendered_content).to.contain(`<time datetime="${iso}">`).and.contain('href="#scheduled"');
    const events = await drain(mine);
    expect(ofType(events, 'scheduled_messages', 'update').map((event) => objectField(event, 'scheduled_message').scheduled_message_id)).to.deep.equal([id]);
    const [message] = ofType(events, 'message');
    expect(objectField(message, 'message').id).to.equal(notices[0].message_id);
    expect(message.flags).to.deep.equal([]);
    expect(await advanceAndRun(server, 10 * MINUTE)).to.equal(0);
    expect(await botMessagesTo(server, alice.userId)).to.have.length(1);
  });

  it('a message more than ten minutes late (the server was down) fails, and the sender is told', async function () {
    const id = scheduledId(await scheduleDirect(alice, [bob.userId], 'Stale', secondsFromNow(server, 60)));
    expect(await advanceAndRun(server, 11 * MINUTE + 1000)).to.equal(1);
    expect(loggedData(server, 'ScheduledMessageFailed')).to.deep.equal([
      { scheduled_message_id: id, sender_id: alice.userId, reason: 'Message could not be sent at the scheduled time.' },
    ]);
    expect((await listScheduled(alice))[0]).to.include({ scheduled_message_id: id, failed: true });
    expect((await botMessagesTo(server, alice.userId)).map((data) => data.content)).to.have.length(1);
  });

  it('a deactivated sender is not told', async function () {
    scheduledId(await scheduleDirect(alice, [bob.userId], 'Bye', secondsFromNow(server, 60)));
    expectSuccess(await server.owner.delete(`/users/${alice.userId}`));
    expect(await advanceAndRun(server, MINUTE)).to.equal(1);
    expect(loggedData(server, 'ScheduledMessageFailed')).to.have.length(1);
    expect(await botMessagesTo(server, alice.userId)).to.deep.equal([]);
  });
});
