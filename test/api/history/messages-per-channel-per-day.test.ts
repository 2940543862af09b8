import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ReadModels } from '@chat/projections';
import { type ChannelDay, messagesPerChannelPerDay } from '../../../tools/analysis/messages-per-channel-per-day.js';
import { openLogReader } from '../../../tools/events/open-log.js';
import { createChannels } from '../../support/channel-requests.js';
import { edited } from '../../support/edit-requests.js';
import { deleteMessage } from '../../support/message-change-requests.js';
import { messageHistory } from '../../support/message-history-script.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const DAY = 86_400_000;

/** The same counts, read off the server's own messages model: every channel message where it is now. */
async function fromLiveModels(models: ReadModels): Promise<ChannelDay[]> {
  const counts = new Map<string, ChannelDay>();
  for await (const { message } of models.messages.scan()) {
    if (message.recipient.type !== 'channel') continue;
    const day = new Date(message.date_sent).toISOString().slice(0, 10);
    const key = `${message.recipient.channel_id}|${day}`;
    const row = counts.get(key) ?? { channel_id: message.recipient.channel_id, day, messages: 0 };
    row.messages += 1;
    counts.set(key, row);
  }
  return [...counts.values()].sort((a, b) => a.channel_id - b.channel_id || a.day.localeCompare(b.day));
}

/** The documented example analysis (docs/ANALYSIS.md): the analyst's own model, replayed from the log. */
describe('analysis: messages per channel per day, replayed from the log', function () {
  let server: TestServer;
  let rows: ChannelDay[];
  let days: { first: string; second: string };
  let channels: { general: number; later: number };

  before(async function () {
    const { server: started, member } = await startServerWith('member');
    server = started;
    const newbie = await server.createUser('Newbie', Role.Moderator);
    days = { first: new Date(server.clock.now()).toISOString().slice(0, 10), second: new Date(server.clock.now() + DAY).toISOString().slice(0, 10) };
    await messageHistory({ owner: server.owner, viewer: member, member, newbie }, 1);
    const [general, later] = await createChannels(server.owner, ['General', 'Later'], { principals: [server.owner.userId, member.userId] });
    channels = { general, later };
    server.clock.advance(DAY);
    const sent = [];
    for (const content of ['one', 'two', 'three', 'four']) sent.push(await postToChannel(member, 'General', 'day two', content));
    await edited(server.owner, sent[2], { stream_id: channels.later, propagate_mode: 'change_later', send_notification_to_old_thread: false, send_notification_to_new_thread: false });
    expectSuccess(await deleteMessage(server.owner, sent[0]));
    const log = await openLogReader({ 'data-dir': server.dataDir }, {});
    try {
      rows = await messagesPerChannelPerDay(log);
    } finally {
      await log.close();
    }
  });
  after(() => server.stop());

  it('counts where each message is now: moved ones in their new channel, deleted ones nowhere', function () {
    expect(rows.filter((row) => row.day === days.second)).to.deep.equal([
      { channel_id: channels.general, day: days.second, messages: 1 },
      { channel_id: channels.later, day: days.second, messages: 2 },
    ]);
  });

  it("agrees with the server's own messages model over the whole scripted history", async function () {
    expect(rows.some((row) => row.day === days.first && row.messages > 1)).to.equal(true);
    expect(rows).to.deep.equal(await fromLiveModels(server.ctx.models));
  });
});
