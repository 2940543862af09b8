import { expect } from 'chai';
import { NOTIFICATION_BOT } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { botMessages, botMessagesTo } from '../support/bot-messages.js';
import { createLink, acceptLink, newcomer } from '../support/invite-requests.js';
import { objectField, stringField } from '../support/json-fields.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('email invitations: telling the sender that the invitee joined', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  /** Invites `email` as `sender`; returns the key from the mail. */
  const invite = async (sender: ApiClient, email: string, params: Record<string, unknown> = {}): Promise<string> => {
    expectSuccess(await sender.post('/invites', { invitee_emails: email, stream_ids: [], ...params }));
    const mail = server.mailer.sent.filter((each) => each.to === email).at(-1)!;
    return /\/join\/([A-Za-z0-9_-]{24,})\//.exec(mail.body)![1];
  };
  const join = async (key: string, email: string, name: string): Promise<number> =>
    expectSuccess(await acceptLink(server, key, { ...newcomer(name), email })).user_id as number;

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  it('sends the sender a direct message from the notification bot naming the new user, unread, with a message event', async () => {
    const queue = await registerQueue(admin, { event_types: ['message'] });
    const key = await invite(admin, 'una@joiners.example');
    const userId = await join(key, 'una@joiners.example', 'Una');
    const [notice] = await botMessagesTo(server, admin.userId);
    expect(notice.content).to.equal(`@_**Una|${userId}** accepted your invitation to join Zulip!`);
    expect(notice.rendered_content).to.equal(`<p><span class="user-mention silent" data-user-id="${userId}">Una</span> accepted your invitation to join Zulip!</p>`);
    const [event] = ofType(await drain(queue), 'message');
    const message = objectField(event, 'message');
    expect(message.id).to.equal(notice.message_id);
    expect(stringField(message, 'sender_email')).to.equal(NOTIFICATION_BOT.email);
    expect(event.flags).to.deep.equal([]);
  });

  it('not when the invitation said notify_referrer_on_join=false; a deactivated sender\'s invitation is revoked, so nobody joins', async () => {
    const before = (await botMessages(server)).length;
    await join(await invite(member, 'vic@joiners.example', { notify_referrer_on_join: false }), 'vic@joiners.example', 'Vic');
    const key = await invite(member, 'wes@joiners.example');
    expectSuccess(await admin.delete(`/users/${member.userId}`));
    expectBadRequest(await acceptLink(server, key, { ...newcomer('Wes'), email: 'wes@joiners.example' }), 'Invalid or expired invitation link');
    expect((await botMessages(server)).length).to.equal(before);
  });

  it('not for a reusable invitation link, whose creator is no referrer (as on the public server)', async () => {
    const before = (await botMessages(server)).length;
    const { key } = await createLink(server, admin);
    expectSuccess(await acceptLink(server, key, newcomer('Xan')));
    expect((await botMessages(server)).length).to.equal(before);
  });
});
