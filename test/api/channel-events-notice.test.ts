import { expect } from 'chai';
import { NOTIFICATION_BOT } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { botMessages } from '../support/bot-messages.js';
import { createChannels, subscribe } from '../support/channel-requests.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('new channels start with the notification bot\'s "channel events" notice, as the public server posts it', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, alice: ApiClient;

  before(async () => {
    ({ server, admin, member, alice } = await startServerWith('admin', 'member', 'alice'));
  });
  after(() => server.stop());

  const channelId = async (name: string): Promise<number> => (await server.ctx.models.channels.findOne('name_key', name))!.channel_id;
  const noticesIn = async (id: number): Promise<Record<string, unknown>[]> =>
    (await botMessages(server)).filter((data) => (data.recipient as { channel_id?: number }).channel_id === id);
  const quote = (text: string): string => `\n\`\`\`\` quote\n${text}\n\`\`\`\``;

  it('subscribing creates a public channel: "**Public** channel created by …", the description quoted, unread for all but the creator', async () => {
    expectSuccess(await subscribe(member, [{ name: 'garden', description: 'Plants **only**' }], { principals: [member.userId, alice.userId] }));
    const garden = await channelId('garden');
    const [notice] = await noticesIn(garden);
    expect(notice.recipient).to.deep.equal({ type: 'channel', channel_id: garden, topic: 'channel events' });
    expect(notice.content).to.equal(`**Public** channel created by @_**Mia Member|${member.userId}**. **Description:**${quote('Plants **only**')}`);
    expect(notice.rendered_content).to.equal(
      `<p><strong>Public</strong> channel created by <span class="user-mention silent" data-user-id="${member.userId}">Mia Member</span>. <strong>Description:</strong></p>\n` +
        '<blockquote>\n<p>Plants <strong>only</strong></p>\n</blockquote>',
    );
    expect(notice.receivers).to.include.members([member.userId, alice.userId]);
    expect(notice.read).to.include(member.userId).and.not.include(alice.userId);
    const [first] = expectSuccess(await alice.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 5, narrow: JSON.stringify([['channel', garden]]) })).messages as Record<string, unknown>[];
    expect(first).to.include({ id: notice.message_id, subject: 'channel events', sender_email: NOTIFICATION_BOT.email });
    expect(first.flags).to.deep.equal([]);
  });

  it('POST /channels/create: private channels say which history they share; no description is "*No description.*"', async () => {
    const shared = expectSuccess(await admin.post('/channels/create', { name: 'plans', subscribers: [admin.userId], invite_only: true, history_public_to_subscribers: true, description: 'Roadmap' })).id as number;
    const guarded = expectSuccess(await admin.post('/channels/create', { name: 'vault', subscribers: [admin.userId], invite_only: true })).id as number;
    const by = `@_**Ada Admin|${admin.userId}**`;
    expect((await noticesIn(shared)).map((data) => data.content)).to.deep.equal([`**Private, shared history** channel created by ${by}. **Description:**${quote('Roadmap')}`]);
    expect((await noticesIn(guarded)).map((data) => data.content)).to.deep.equal([`**Private, protected history** channel created by ${by}. **Description:**${quote('*No description.*')}`]);
  });

  it('PATCH /users/me/subscriptions creating a channel posts it too; joining an existing channel posts nothing', async () => {
    expectSuccess(await alice.patch('/users/me/subscriptions', { add: JSON.stringify([{ name: 'porch' }]) }));
    const porch = await channelId('porch');
    expect((await noticesIn(porch)).map((data) => data.content)).to.deep.equal([`**Public** channel created by @_**Alice|${alice.userId}**. **Description:**${quote('*No description.*')}`]);
    const [lobby] = await createChannels(admin, ['lobby']);
    expectSuccess(await subscribe(alice, ['lobby']));
    expect(await noticesIn(lobby)).to.have.length(1);
  });
});
