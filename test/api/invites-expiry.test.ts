import { expect } from 'chai';
import { INVITE_EXPIRY_JOB } from '@chat/projections';
import type { ApiClient } from '../support/api-client.js';
import { acceptLink, createLink, listInvites, newcomer } from '../support/invite-requests.js';
import { loggedData, readLogRows } from '../support/log-rows.js';
import { advanceAndRun } from '../support/reminder-requests.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const MINUTE = 60_000;

describe('invitation links: expiry recorded by the scheduler', function () {
  let server: TestServer, admin: ApiClient;

  beforeEach(async function () {
    ({ server, admin } = await startServerWith('admin'));
  });
  afterEach(() => server.stop());

  const newestId = async (): Promise<number> => (await listInvites(admin)).at(-1)?.id ?? 0;

  it('records InviteLinkExpired once, when due, on the link\'s stream; the link is then gone', async function () {
    const { key } = await createLink(server, admin, { invite_expires_in_minutes: 30 });
    const id = await newestId();
    expect(await advanceAndRun(server, 30 * MINUTE - 1)).to.equal(0);
    expect(loggedData(server, 'InviteLinkExpired')).to.deep.equal([]);
    expect(await advanceAndRun(server, 1)).to.equal(1);
    const expiresAt = Date.UTC(2026, 0, 1) + 30 * MINUTE;
    expect(loggedData(server, 'InviteLinkExpired')).to.deep.equal([{ invite_id: id, expires_at: expiresAt }]);
    expect(readLogRows(server).filter((row) => row.type === 'InviteLinkExpired').map((row) => row.stream)).to.deep.equal([`invite-${id}`]);
    expect(await server.ctx.models.invites.get(id)).to.equal(undefined);
    expect(await server.ctx.models.scheduledJobs.findMany('kind', INVITE_EXPIRY_JOB)).to.deep.equal([]);
    expect(await advanceAndRun(server, MINUTE)).to.equal(0);
    expect(loggedData(server, 'InviteLinkExpired')).to.have.length(1);
    expectBadRequest(await acceptLink(server, key, newcomer()), 'Invalid or expired invitation link');
    expect(await listInvites(admin)).to.deep.equal([]);
  });

  it('records nothing for a link revoked before its expiry, nor for one that never expires', async function () {
    await createLink(server, admin, { invite_expires_in_minutes: 5 });
    expectSuccess(await admin.delete(`/invites/multiuse/${await newestId()}`));
    await createLink(server, admin, { invite_expires_in_minutes: null });
    expect(await advanceAndRun(server, 365 * 24 * 60 * MINUTE)).to.equal(0);
    expect(loggedData(server, 'InviteLinkExpired')).to.deep.equal([]);
  });

  it('still expires a link after a restart, once', async function () {
    await createLink(server, admin, { invite_expires_in_minutes: 10 });
    server = await server.restart();
    expect(await advanceAndRun(server, 10 * MINUTE)).to.equal(1);
    await Promise.all([server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue()]);
    expect(loggedData(server, 'InviteLinkExpired')).to.have.length(1);
  });
});
