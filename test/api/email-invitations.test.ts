import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { acceptLink, listInvites, newcomer } from '../support/invite-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('email invitations: sending, listing, revoking, resending', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, guest: ApiClient, lobby: number;

  /** The key in the newest mail to `email`. */
  const keyMailedTo = (email: string): string => {
    const mail = server.mailer.sent.filter((each) => each.to === email).at(-1);
    expect(mail, `a mail to ${email}`).to.not.equal(undefined);
    const match = /\/join\/([A-Za-z0-9_-]{24,})\//.exec(mail!.body);
    expect(match, mail!.body).to.not.equal(null);
    return match![1];
  };
  const pendingEmails = async (client: ApiClient): Promise<string[]> =>
    (await listInvites(client)).filter((invite) => !invite.is_multiuse).map((invite) => (invite as unknown as { email: string }).email);

  before(async () => {
    ({ server, admin, member, guest } = await startServerWith('admin', 'member', 'guest'));
    [lobby] = await createChannels(admin, ['Lobby']);
  });
  after(() => server.stop());

  it('mails each address a link, lists the invitations, and tells the managers', async () => {
    const queue = await registerQueue(admin, { event_types: ['invites_changed'] });
    const res = await member.post('/invites', { invitee_emails: 'Ann@Joiners.example, bob@joiners.example\nann@joiners.example', stream_ids: [] });
    expect(expectSuccess(res)).to.deep.equal({ result: 'success', msg: '' });
    keyMailedTo('ann@joiners.example');
    keyMailedTo('bob@joiners.example');
    const invites = (await listInvites(member)).filter((invite) => !invite.is_multiuse);
    expect(invites.map((invite) => ({ ...invite, id: 0, invited: 0, expiry_date: 0 }))).to.deep.equal(['ann@joiners.example', 'bob@joiners.example'].map((email) => ({
      id: 0, invited_by_user_id: member.userId, invited: 0, expiry_date: 0, invited_as: Role.Member, email, notify_referrer_on_join: true, is_multiuse: false,
    })));
    expect(invites[0].expiry_date).to.equal(Math.floor(server.clock.now() / 1000) + 14400 * 60);
    expect(await pendingEmails(admin)).to.include.members(['ann@joiners.example', 'bob@joiners.example']);
    expect(await pendingEmails(await server.createUser('Bystander'))).to.deep.equal([]);
    // One per invitation recorded; clients refetch the list on each.
    expect(ofType(await drain(queue), 'invites_changed')).to.have.length(2);
  });

  it('skips addresses with accounts, inviting the others: INVITATION_FAILED with the reasons', async () => {
    const res = await admin.post('/invites', { invitee_emails: `${member.email}, cleo@joiners.example`, stream_ids: [lobby] });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.include({
      result: 'error', code: 'INVITATION_FAILED', errors: [[member.email, 'Already has an account.', false]], sent_invitations: true, license_limit_reached: false, daily_limit_reached: false,
    });
    expect(await pendingEmails(admin)).to.include('cleo@joiners.example');
    const none = await admin.post('/invites', { invitee_emails: member.email, stream_ids: [] });
    expect(none.body).to.deep.include({ code: 'INVITATION_FAILED', sent_invitations: false });
  });

  it('refuses the whole request for a bad address, an empty list, a bad channel, a higher role, or a guest', async () => {
    const refusals: [ApiClient, Record<string, unknown>, string, string][] = [
      [admin, { invitee_emails: 'dora@joiners.example, not-an-address', stream_ids: [] }, 'INVITATION_FAILED', 'did not validate'],
      [admin, { invitee_emails: ' , ', stream_ids: [] }, 'BAD_REQUEST', "'invitee_emails'"],
      [admin, { invitee_emails: 'dora@joiners.example', stream_ids: [99999] }, 'BAD_REQUEST', 'Invalid channel ID 99999'],
      [member, { invitee_emails: 'dora@joiners.example', stream_ids: [], invite_as: Role.Administrator }, 'BAD_REQUEST', "'invite_as'"],
      [guest, { invitee_emails: 'dora@joiners.example', stream_ids: [] }, 'BAD_REQUEST', 'Insufficient permission'],
    ];
    for (const [client, params, code, mentions] of refusals) {
      await expectNothingRecorded(server, () => client.post('/invites', params), (res) => expectFailure(res, code, mentions));
    }
    expect(server.mailer.sent.filter((mail) => mail.to === 'dora@joiners.example')).to.deep.equal([]);
    expectFailure(await admin.post('/invites', { invitee_emails: 'dora@joiners.example' }), 'REQUEST_VARIABLE_MISSING', 'stream_ids');
  });

  it('resends with a new key (the old one stops working) and revokes, for managers only', async () => {
    expectSuccess(await member.post('/invites', { invitee_emails: 'eve@joiners.example', stream_ids: [] }));
    const id = (await listInvites(member)).find((invite) => (invite as unknown as { email?: string }).email === 'eve@joiners.example')!.id;
    const oldKey = keyMailedTo('eve@joiners.example');
    const stranger = await server.createUser('Stranger');
    expectBadRequest(await stranger.post(`/invites/${id}/resend`), 'Insufficient permission');
    expectBadRequest(await stranger.delete(`/invites/${id}`), 'Insufficient permission');
    expectSuccess(await member.post(`/invites/${id}/resend`));
    const newKey = keyMailedTo('eve@joiners.example');
    expect(newKey).to.not.equal(oldKey);
    const person = { ...newcomer('Eve'), email: 'eve@joiners.example' };
    expectBadRequest(await acceptLink(server, oldKey, person), 'Invalid or expired invitation link');
    expectSuccess(await admin.delete(`/invites/${id}`));
    expect(await pendingEmails(admin)).to.not.include('eve@joiners.example');
    expectBadRequest(await acceptLink(server, newKey, person), 'Invalid or expired invitation link');
    expectBadRequest(await admin.delete(`/invites/${id}`), 'No such invitation');
    expectBadRequest(await admin.post(`/invites/${id}/resend`), 'No such invitation');
    expectBadRequest(await admin.delete('/invites/99999'), 'No such invitation');
  });

  it('leaves expired invitations out of the list and refuses to resend them', async () => {
    expectSuccess(await admin.post('/invites', { invitee_emails: 'fay@joiners.example', stream_ids: [], invite_expires_in_minutes: 60 }));
    const id = (await listInvites(admin)).find((invite) => (invite as unknown as { email?: string }).email === 'fay@joiners.example')!.id;
    server.clock.advance(61 * 60_000);
    expect(await pendingEmails(admin)).to.not.include('fay@joiners.example');
    expectBadRequest(await admin.post(`/invites/${id}/resend`), 'expired');
    expectBadRequest(await acceptLink(server, keyMailedTo('fay@joiners.example'), { ...newcomer('Fay'), email: 'fay@joiners.example' }), 'Invalid or expired invitation link');
  });
});
