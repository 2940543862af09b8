import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { createLink, listInvites } from '../support/invite-requests.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const DAY_MINUTES = 1440;

describe('invitation links: listing and revoking', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, other: ApiClient;

  before(async function () {
    ({ server, admin, member, other } = await startServerWith('admin', 'member', 'other'));
  });
  after(() => server.stop());

  const newest = async (client: ApiClient) => (await listInvites(client)).at(-1)!;

  it('lists a link with the default expiry of 14400 minutes (10 days)', async function () {
    await createLink(server, member, { invite_as: Role.Guest });
    const invited = Math.floor(server.clock.now() / 1000);
    expect(await newest(member)).to.deep.equal({
      id: (await newest(admin)).id,
      invited_by_user_id: member.userId,
      invited,
      expiry_date: invited + 14400 * 60,
      invited_as: Role.Guest,
      is_multiuse: true,
    });
  });

  it('lists a link created with null as never expiring, and one with minutes accordingly', async function () {
    await createLink(server, member, { invite_expires_in_minutes: null });
    expect((await newest(member)).expiry_date).to.equal(null);
    await createLink(server, member, { invite_expires_in_minutes: 3 * DAY_MINUTES });
    expect((await newest(member)).expiry_date).to.equal(Math.floor(server.clock.now() / 1000) + 3 * 86400);
  });

  it('shows administrators every link and everyone else their own; guests none', async function () {
    await createLink(server, other);
    const all = await listInvites(admin);
    expect(new Set(all.map((invite) => invite.invited_by_user_id))).to.deep.equal(new Set([member.userId, other.userId]));
    expect((await listInvites(member)).every((invite) => invite.invited_by_user_id === member.userId)).to.equal(true);
    expect((await listInvites(other)).map((invite) => invite.invited_by_user_id)).to.deep.equal([other.userId]);
    const guest = await server.createUser('Gus Guest', Role.Guest);
    expectBadRequest(await guest.get('/invites'), 'Not allowed for guest users');
  });

  it('leaves expired links out of the list', async function () {
    const before = (await listInvites(admin)).length;
    await createLink(server, admin, { invite_expires_in_minutes: 5 });
    expect(await listInvites(admin)).to.have.length(before + 1);
    server.clock.advance(5 * 60_000);
    expect(await listInvites(admin)).to.have.length(before);
  });

  it('lets the creator revoke their link, once, and then lists it no more', async function () {
    await createLink(server, member);
    const { id } = await newest(member);
    expectBadRequest(await other.delete(`/invites/multiuse/${id}`), 'Insufficient permission');
    expectSuccess(await member.delete(`/invites/multiuse/${id}`));
    expect((await listInvites(member)).map((invite) => invite.id)).to.not.include(id);
    expectBadRequest(await member.delete(`/invites/multiuse/${id}`), 'Invitation link has already been revoked');
  });

  it("lets an administrator revoke someone else's link, but not an owners' link", async function () {
    await createLink(server, other);
    expectSuccess(await admin.delete(`/invites/multiuse/${(await newest(other)).id}`));
    await createLink(server, server.owner, { invite_as: Role.Owner });
    const ownersLink = (await newest(server.owner)).id;
    expectBadRequest(await admin.delete(`/invites/multiuse/${ownersLink}`), 'Insufficient permission');
    expectSuccess(await server.owner.delete(`/invites/multiuse/${ownersLink}`));
  });

  it('refuses an unknown link id', async function () {
    expectBadRequest(await admin.delete('/invites/multiuse/9999'), 'No such invitation link');
  });
});
