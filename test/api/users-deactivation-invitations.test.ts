import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { acceptLink, createLink, listInvites, newcomer } from '../support/invite-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';
import { loggedEvents } from '../support/upload-requests.js';

describe('Users: deactivating an account revokes the invitations it sent', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, other: ApiClient, alice: ApiClient, bob: ApiClient;
  let ownerQueue: Queue;

  before(async () => {
    ({ server, admin, member, other, alice, bob } = await startServerWith('admin', 'member', 'other', 'alice', 'bob'));
  });
  beforeEach(async () => {
    ownerQueue = await registerQueue(server.owner, { event_types: ['invites_changed'] });
  });
  after(() => server.stop());

  /** POST /invites by `client`; the key the mail carries. */
  const mailInvitation = async (client: ApiClient, email: string): Promise<string> => {
    expectSuccess(await client.post('/invites', { invitee_emails: email, stream_ids: [] }));
    const mail = server.mailer.sent.filter((each) => each.to === email).at(-1)!;
    return /\/join\/([A-Za-z0-9_-]{24,})\//.exec(mail.body)![1];
  };
  const sentBy = async (client: ApiClient): Promise<number[]> =>
    (await listInvites(server.owner)).filter((invite) => invite.invited_by_user_id === client.userId).map((invite) => invite.id);

  it('DELETE /users/{id}: pending invitations and links leave GET /invites, cannot be accepted, and administrators hear invites_changed', async () => {
    const email = 'pat@joiners.example';
    const mailedKey = await mailInvitation(member, email);
    const link = await createLink(server, member);
    const otherLink = await createLink(server, alice);
    expect(await sentBy(member)).to.have.length(2);
    await drain(ownerQueue);
    const adminQueue = await registerQueue(admin, { event_types: ['invites_changed'] });

    expectSuccess(await admin.delete(`/users/${member.userId}`));

    expect(await sentBy(member)).to.deep.equal([]);
    expect(await listInvites(admin)).to.not.deep.equal([]);
    expect(await sentBy(alice)).to.have.length(1);
    expect(ofType(await drain(ownerQueue), 'invites_changed')).to.have.length(2);
    expect(ofType(await drain(adminQueue), 'invites_changed')).to.have.length(2);
    expectBadRequest(await acceptLink(server, mailedKey, { ...newcomer('Pat'), email }), 'Invalid or expired invitation link');
    expectBadRequest(await acceptLink(server, link.key, newcomer('Lee')), 'Invalid or expired invitation link');
    expectSuccess(await acceptLink(server, otherLink.key, newcomer('Kai')));
    const revoked = loggedEvents(server, 'InviteLinkRevoked', 'EmailInvitationRevoked');
    expect(revoked.map((event) => event.type)).to.deep.equal(['EmailInvitationRevoked', 'InviteLinkRevoked']);
  });

  it('reactivating the account brings none of them back', async () => {
    expectSuccess(await admin.post(`/users/${member.userId}/reactivate`));
    expect(await sentBy(member)).to.deep.equal([]);
    expect(ofType(await drain(ownerQueue), 'invites_changed')).to.deep.equal([]);
  });

  it('DELETE /users/me does the same; revoked or accepted invitations are not revoked again', async () => {
    const used = 'used@joiners.example';
    const usedKey = await mailInvitation(bob, used);
    expectSuccess(await acceptLink(server, usedKey, { ...newcomer('Used'), email: used }));
    const withdrawn = await createLink(server, bob);
    const withdrawnId = (await sentBy(bob))[0];
    expectSuccess(await bob.delete(`/invites/multiuse/${withdrawnId}`));
    const kept = await createLink(server, bob);
    await drain(ownerQueue);
    const before = loggedEvents(server, 'InviteLinkRevoked', 'EmailInvitationRevoked').length;

    expectSuccess(await bob.delete('/users/me'));

    expect(await sentBy(bob)).to.deep.equal([]);
    expect(loggedEvents(server, 'InviteLinkRevoked', 'EmailInvitationRevoked')).to.have.length(before + 1);
    expect(ofType(await drain(ownerQueue), 'invites_changed')).to.have.length(1);
    expectBadRequest(await acceptLink(server, kept.key, newcomer('Late')), 'Invalid or expired invitation link');
    expectBadRequest(await acceptLink(server, withdrawn.key, newcomer('Later')), 'Invalid or expired invitation link');
  });

  it('a link someone joined with is revoked too; deactivating someone who sent nothing sends no invites_changed', async () => {
    expectSuccess(await admin.delete(`/users/${alice.userId}`));
    expect(await sentBy(alice)).to.deep.equal([]);
    expect(ofType(await drain(ownerQueue), 'invites_changed')).to.have.length(1);
    expectSuccess(await admin.delete(`/users/${other.userId}`));
    expect(ofType(await drain(ownerQueue), 'invites_changed')).to.deep.equal([]);
  });
});
